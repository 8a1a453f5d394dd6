import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

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
  const { t } = useTranslation()
  usePageTitle(t('identity.login.pageTitle'))
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
        <AuthCard title={t('identity.login.title')} lead={t('identity.checkInbox.lead')}>
          <CheckInboxPanel
            sent={sent}
            session={sessionRead ? status : 'loading'}
            onContinue={() => void navigate({ href: target, replace: true })}
            onBackToSignIn={() => setSent(null)}
          />
        </AuthCard>
      ) : status !== 'signed-out' ? (
        <CenteredLoader label={status === 'signed-in' ? t('identity.login.signingIn') : t('identity.login.loading')} />
      ) : provider === 'clerk' ? (
        <Suspense fallback={<CenteredLoader label={t('identity.login.loadingSignIn')} />}>
          <ClerkSignIn redirectTo={target} />
        </Suspense>
      ) : (
        <AuthCard title={t('identity.login.title')} lead={t('identity.login.lead')}>
          <LocalAuthForm onSignedUp={showCheckInbox} />
        </AuthCard>
      )}
    </AuthBackdrop>
  )
}
