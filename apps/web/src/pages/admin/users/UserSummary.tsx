import { Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core'

import { formatDate, formatDateTime } from '../admin-format.ts'
import type { AdminUser } from '../admin-types.ts'
import { useAdminText } from '../useAdminText.ts'

interface UserSummaryProps {
  user: AdminUser
  onAddCredits: (user: AdminUser) => void
  onRevokeCredits: (user: AdminUser) => void
}

/** The account at a glance, as a description list, with its credit actions. */
export function UserSummary({ user, onAddCredits, onRevokeCredits }: UserSummaryProps) {
  const text = useAdminText()
  const { t, format } = text
  const facts: [string, string][] = [
    [
      t('admin.users.summary.email'),
      user.emailVerified ? user.email : t('admin.users.summary.emailNotVerified', { email: user.email }),
    ],
    [
      t('admin.users.summary.credits'),
      t('admin.users.summary.creditsLeft', {
        current: format.number(user.current_limit),
        max: format.number(user.max_limit),
      }),
    ],
    [t('admin.users.summary.plan'), t(`admin.plan.${user.plan}`)],
    [t('admin.users.summary.validTill'), formatDate(text, user.planValidTill)],
    [
      t('admin.users.summary.role'),
      user.role === 'admin' ? t('admin.users.summary.roleAdmin') : t('admin.users.summary.roleUser'),
    ],
    [t('admin.users.summary.joined'), formatDateTime(text, user.joinedAt)],
    [t('admin.users.summary.lastActive'), formatDateTime(text, user.lastActiveAt, t('admin.format.never'))],
  ]
  return (
    <Stack gap="sm">
      <Text size="sm">
        {t('admin.users.summary.id')} <Code>{user._id}</Code>
      </Text>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} component="dl" m={0} data-testid="user-summary">
        {facts.map(([term, value]) => (
          <Group key={term} gap={6} wrap="nowrap" align="baseline">
            <Text component="dt" size="sm" c="dimmed">
              {term}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {value}
            </Text>
          </Group>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <Button size="xs" onClick={() => onAddCredits(user)}>
          {t('admin.users.summary.addCredits')}
        </Button>
        <Button size="xs" variant="default" onClick={() => onRevokeCredits(user)}>
          {t('admin.users.summary.revokeCredits')}
        </Button>
      </Group>
    </Stack>
  )
}
