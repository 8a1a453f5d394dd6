import { Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core'

import { planDescription } from '../../plan/plan-names.ts'
import { formatCount, formatDate, formatDateTime } from '../admin-format.ts'
import type { AdminUser } from '../admin-types.ts'

interface UserSummaryProps {
  user: AdminUser
  onAddCredits: (user: AdminUser) => void
  onRevokeCredits: (user: AdminUser) => void
}

/** The account at a glance, as a description list, with its credit actions. */
export function UserSummary({ user, onAddCredits, onRevokeCredits }: UserSummaryProps) {
  const facts: [string, string][] = [
    ['E-mail', `${user.email}${user.emailVerified ? '' : ' (not verified)'}`],
    ['Credits', `${formatCount(user.current_limit)} of ${formatCount(user.max_limit)} left`],
    ['Plan', planDescription(user.plan)],
    ['Valid till', formatDate(user.planValidTill)],
    ['Role', user.role === 'admin' ? 'Admin' : 'User'],
    ['Joined', formatDateTime(user.joinedAt)],
    ['Last active', formatDateTime(user.lastActiveAt, 'Never')],
  ]
  return (
    <Stack gap="sm">
      <Text size="sm">
        Id <Code>{user._id}</Code>
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
          Add credits
        </Button>
        <Button size="xs" variant="default" onClick={() => onRevokeCredits(user)}>
          Revoke credits
        </Button>
      </Group>
    </Stack>
  )
}
