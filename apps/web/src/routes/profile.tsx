import { MESSAGES } from '@promptly/core/messages'
import type { Viewer } from '@promptly/core/identity/user'
import { Avatar, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { toast } from '../components/toast.ts'
import { usePageTitle } from '../components/usePageTitle.ts'
import { useIdentity } from '../identity/identity-context.ts'
import { useSignOutAndGoHome } from '../identity/useSignOutAndGoHome.ts'
import { RequireSignIn } from '../navigation/RequireSignIn.tsx'
import { ApiKeysSection } from '../pages/profile/api-keys/ApiKeysSection.tsx'
import { YourBookmarks } from '../pages/profile/YourBookmarks.tsx'
import {
  EmailVerificationNotice,
  type VerifiedParam,
} from '../pages/profile/account-security/EmailVerificationNotice.tsx'
import { SecuritySection } from '../pages/profile/account-security/SecuritySection.tsx'
import { useTRPC } from '../trpc/client.ts'

export const Route = createFileRoute('/profile')({
  // Where the e-mail verification link lands: ?verified=1, or ?verified=invalid for a dead link.
  validateSearch: (search: Record<string, unknown>): { verified?: VerifiedParam } =>
    search.verified === '1' || search.verified === 1 || search.verified === 'invalid'
      ? { verified: search.verified === 'invalid' ? 'invalid' : '1' }
      : {},
  component: ProfilePage,
})

/** Spec section 8: what the user sees when plans, limits or history cannot be read. */
const LIMITS_ERROR = 'Error Occured activating account'

function ProfilePage() {
  usePageTitle('Profile')
  return (
    <RequireSignIn>
      <ProfileContent />
    </RequireSignIn>
  )
}

function ProfileContent() {
  const { user } = useIdentity()
  const signOutAndGoHome = useSignOutAndGoHome()
  const { verified } = Route.useSearch()
  const navigate = Route.useNavigate()
  if (!user) return null

  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Paper withBorder radius="lg" p="xl">
          <Group justify="space-between" align="flex-start" gap="lg">
            <Group gap="lg" wrap="nowrap">
              <Avatar src={user.imageUrl || null} alt={user.name} name={user.name} color="initials" size={88} radius={88} />
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
              Sign out
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

/** The free plan is the 7-day trial; once its end has passed, its credits have expired too. */
function trialIsOver(user: Viewer): boolean {
  return user.trialEndsAt !== null && user.trialEndsAt.getTime() <= Date.now()
}

function PlanAndCredits({ user }: { user: Viewer }) {
  const trpc = useTRPC()
  const limits = useQuery(trpc.credits.limits.queryOptions())

  useEffect(() => {
    if (limits.isError) toast.error(LIMITS_ERROR, 'limits-error')
  }, [limits.isError])

  const plan = limits.data?.plan ?? user.plan
  return (
    <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="credits-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="credits-heading">
          Plan and credits
        </Title>
        {/* An unverified account has no trial yet: the verification notice above says how to start it. */}
        {plan === 'free' && user.emailVerified && (
          <Text>{trialIsOver(user) ? MESSAGES.trialEnded : MESSAGES.trialPlan}</Text>
        )}
        {limits.isPending ? (
          <Skeleton height={24} width={160} aria-label="Loading credits" />
        ) : limits.data ? (
          <Text size="lg" fw={600} data-testid="credits">
            {limits.data.current_limit} of {limits.data.max_limit} left
          </Text>
        ) : (
          <Text c="dimmed">Credits are unavailable right now.</Text>
        )}
        <Group>
          <Button component={Link} to="/plan">
            Upgrade Plan
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
