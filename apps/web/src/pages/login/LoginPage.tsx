import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'

import type { SignUpAnswer } from '@promptly/core/identity/local-account-flows'

import { CenteredLoader } from '../../components/CenteredLoader.tsx'
import { usePageTitle } from '../../components/usePageTitle.ts'
import { useIdentity } from '../../identity/identity-context.ts'
import { safeRedirectPath } from '../../navigation/safe-redirect.ts'
import { AuthBackdrop, AuthCard } from './AuthPageFrame.tsx'
import { CheckInboxPanel } from './CheckInboxPanel.tsx'
import { LocalAuthForm } from './LocalAuthForm.tsx'

const ClerkSignIn = lazy(() => import('../../identity/clerk/ClerkSignIn.tsx'))
const route = getRouteApi('/login')

export function LoginPage() {
  usePageTitle('Sign in')
  const { redirect } = route.useSearch()
  const target = safeRedirectPath(redirect)
  const { status, provider } = useIdentity()
  const navigate = useNavigate()
  // After a sign-up the page stays to say where the verification mail went.
  const [sent, setSent] = useState<SignUpAnswer | null>(null)
  const [sessionRead, setSessionRead] = useState(false)
  const showCheckInbox = (result: SignUpAnswer, session: Promise<unknown>) => {
    setSent(result)
    setSessionRead(false)
    void session.finally(() => setSessionRead(true))
  }

  // Signed in (just now, or already when arriving): go where the visitor was heading.
  useEffect(() => {
    if (status === 'signed-in' && !sent) void navigate({ href: target, replace: true })
  }, [status, sent, target, navigate])

  return (
    <AuthBackdrop>
      {sent ? (
        <AuthCard title="Welcome to Promptly" lead="One more step to your trial credits.">
          <CheckInboxPanel
            sent={sent}
            session={sessionRead ? status : 'loading'}
            onContinue={() => void navigate({ href: target, replace: true })}
            onBackToSignIn={() => setSent(null)}
          />
        </AuthCard>
      ) : status !== 'signed-out' ? (
        <CenteredLoader label={status === 'signed-in' ? 'Signing you in' : 'Loading'} />
      ) : provider === 'clerk' ? (
        <Suspense fallback={<CenteredLoader label="Loading sign-in" />}>
          <ClerkSignIn redirectTo={target} />
        </Suspense>
      ) : (
        <AuthCard
          title="Welcome to Promptly"
          lead="Sign in or create an account to generate content and keep your favourite tools."
        >
          <LocalAuthForm onSignedUp={showCheckInbox} />
        </AuthCard>
      )}
    </AuthBackdrop>
  )
}
