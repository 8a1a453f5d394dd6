import { Outlet, useMatches, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

import { CenteredLoader } from '../components/CenteredLoader.tsx'
import { useIdentity } from '../identity/identity-context.ts'
import { pageRules } from './sign-in-guard.ts'

/**
 * The `_authed` layout: the page once the visitor may see it. While the identity state loads a
 * centred loader shows; once it says the visitor may not stay (it loaded signed out, or the user
 * signed out elsewhere), the router re-runs its guard, which redirects.
 */
export function SignedInOutlet() {
  const { t } = useTranslation()
  const router = useRouter()
  const { status, user } = useIdentity()
  const adminOnly = useMatches({ select: (matches) => pageRules(matches).adminOnly === true })
  const refused = status !== 'loading' && (!user || (adminOnly && !user.isAdmin))

  useEffect(() => {
    if (refused) void router.invalidate()
  }, [refused, router])

  if (status === 'loading') return <CenteredLoader label={t('common.session.checking')} />
  if (!user) return <CenteredLoader label={t('common.session.redirectingToSignIn')} />
  if (refused) return <CenteredLoader label={t('common.session.redirecting')} />
  return <Outlet />
}
