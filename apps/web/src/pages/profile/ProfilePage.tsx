import { Avatar, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { getRouteApi } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { usePageTitle } from '../../components/usePageTitle.ts'
import { useIdentity } from '../../identity/identity-context.ts'
import { useSignOutAndGoHome } from '../../identity/useSignOutAndGoHome.ts'
import { EmailVerificationNotice } from './account-security/EmailVerificationNotice.tsx'
import { SecuritySection } from './account-security/SecuritySection.tsx'
import { ApiKeysSection } from './api-keys/ApiKeysSection.tsx'
import { PlanAndCredits } from './PlanAndCredits.tsx'
import { YourBookmarks } from './YourBookmarks.tsx'

const route = getRouteApi('/_authed/profile')

export function ProfilePage() {
  const { t } = useTranslation()
  usePageTitle(t('profile.page.title'))
  const { user } = useIdentity()
  const signOutAndGoHome = useSignOutAndGoHome()
  const { verified } = route.useSearch()
  const navigate = route.useNavigate()
  if (!user) return null

  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Paper withBorder radius="lg" p="xl">
          <Group justify="space-between" align="flex-start" gap="lg">
            <Group gap="lg" wrap="nowrap">
              <Avatar
                src={user.imageUrl || null}
                alt={user.name}
                name={user.name}
                color="initials"
                size={88}
                radius={88}
              />
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Title order={1} size="h2">
                  {user.name}
                </Title>
                <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Text>
              </Stack>
            </Group>
            <Button variant="default" onClick={() => void signOutAndGoHome()}>
              {t('profile.page.signOut')}
            </Button>
          </Group>
        </Paper>
        <EmailVerificationNotice
          user={user}
          verifiedParam={verified}
          onParamHandled={() => void navigate({ search: ({ verified: _shown, ...rest }) => rest, replace: true })}
        />
        <PlanAndCredits user={user} />
        <YourBookmarks />
        <SecuritySection />
        <ApiKeysSection />
      </Stack>
    </Container>
  )
}
