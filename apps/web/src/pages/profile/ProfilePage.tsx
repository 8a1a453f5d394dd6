import { Avatar, Button, Container, Paper, Stack, Text, Title } from '@mantine/core'
import { getRouteApi } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { usePageTitle } from '../../components/usePageTitle.ts'
import { useIdentity } from '../../identity/identity-context.ts'
import { useSignOutAndGoHome } from '../../identity/useSignOutAndGoHome.ts'
import { EmailVerificationNotice } from './account-security/EmailVerificationNotice.tsx'
import { SecuritySection } from './account-security/SecuritySection.tsx'
import { ApiKeysSection } from './api-keys/ApiKeysSection.tsx'
import { BrandVoicesSection } from './brand-voices/BrandVoicesSection.tsx'
import { PlanAndCredits } from './PlanAndCredits.tsx'
import classes from './profile.module.css'
import { YourBookmarks } from './YourBookmarks.tsx'

const route = getRouteApi('/_authed/profile')

export function ProfilePage() {
  const { t } = useTranslation('account')
  usePageTitle(t('profile.page.title'))
  const { user } = useIdentity()
  const signOutAndGoHome = useSignOutAndGoHome()
  const { verified } = route.useSearch()
  const navigate = route.useNavigate()
  if (!user) return null

  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Paper withBorder radius="lg" p={{ base: 'md', xs: 'xl' }}>
          <div className={classes.identity}>
            <Avatar
              src={user.imageUrl || null}
              alt={user.name}
              name={user.name}
              color="initials"
              // Sized in profile.module.css: smaller on a phone, where the name and address need the room.
              size="var(--profile-avatar-size)"
              radius="50%"
            />
            <Stack gap={4} miw={0}>
              <Title order={1} size="h2" className={classes.identityName}>
                {user.name}
              </Title>
              <Text c="dimmed" className={classes.identityEmail}>
                {emailWithBreak(user.email)}
              </Text>
            </Stack>
            <Button variant="default" className={classes.identitySignOut} onClick={() => void signOutAndGoHome()}>
              {t('profile.page.signOut')}
            </Button>
          </div>
        </Paper>
        <EmailVerificationNotice
          user={user}
          verifiedParam={verified}
          onParamHandled={() => void navigate({ search: ({ verified: _shown, ...rest }) => rest, replace: true })}
        />
        <PlanAndCredits user={user} />
        <YourBookmarks />
        <BrandVoicesSection />
        <SecuritySection />
        <ApiKeysSection />
      </Stack>
    </Container>
  )
}

/** An address too long for its line breaks after the @, not in the middle of a name. */
function emailWithBreak(email: string) {
  const at = email.lastIndexOf('@')
  if (at <= 0) return email
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  )
}
