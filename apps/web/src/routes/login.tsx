import { Center, Paper, Text, Title } from '@mantine/core'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect } from 'react'
import { CenteredLoader } from '../components/CenteredLoader.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { useIdentity } from '../identity/identity-context.ts'
import { safeRedirectPath } from '../navigation/redirect.ts'
import { LocalAuthForm } from '../pages/login/LocalAuthForm.tsx'

const ClerkSignIn = lazy(() => import('../identity/clerk/ClerkSignIn.tsx'))

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: LoginPage,
})

function LoginPage() {
  usePageTitle('Sign in')
  const { redirect } = Route.useSearch()
  const target = safeRedirectPath(redirect)
  const { status, provider } = useIdentity()
  const navigate = useNavigate()

  // Signed in (just now, or already when arriving): go where the visitor was heading.
  useEffect(() => {
    if (status === 'signed-in') void navigate({ href: target, replace: true })
  }, [status, target, navigate])

  return (
    <Center
      mih="calc(100dvh - 64px)"
      px="md"
      py="xl"
      style={{
        background:
          'radial-gradient(circle at 20% 10%, var(--mantine-color-violet-light), transparent 55%), radial-gradient(circle at 80% 90%, var(--mantine-color-grape-light), transparent 50%)',
      }}
    >
      {status !== 'signed-out' ? (
        <CenteredLoader label={status === 'signed-in' ? 'Signing you in' : 'Loading'} />
      ) : provider === 'clerk' ? (
        <Suspense fallback={<CenteredLoader label="Loading sign-in" />}>
          <ClerkSignIn redirectTo={target} />
        </Suspense>
      ) : (
        <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={420}>
          <Title order={1} size="h2" mb={4}>
            Welcome to Promptly
          </Title>
          <Text c="dimmed" size="sm" mb="lg">
            Sign in or create an account to generate content and keep your favourite tools.
          </Text>
          <LocalAuthForm />
        </Paper>
      )}
    </Center>
  )
}
