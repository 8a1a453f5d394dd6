import { useRouter } from '@tanstack/react-router'
import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { toast } from '../components/toast.ts'
import { useIdentity } from '../identity/identity-context.ts'
import { currentPathWithQuery } from './redirect.ts'

/**
 * For pages anyone may read but only a signed-in user may act on (the generator, the plans): wraps
 * the action. Signed in, it runs. Signed out, the visitor goes to /login with this page and query
 * to come back to, and the toast 'Please Signin to continue' (spec section 5). Pressed while the
 * identity is still loading (a server-rendered page shows its buttons before that), the action waits
 * for the answer, then runs or redirects.
 */
export function useSignInToAct(): (act: () => void) => void {
  const { t } = useTranslation()
  const { status } = useIdentity()
  const router = useRouter()
  const waiting = useRef<(() => void) | null>(null)

  const decide = useCallback(
    (act: () => void) => {
      if (status === 'signed-in') act()
      else {
        toast.error(t('common.session.signInToContinue'), 'sign-in-to-continue')
        void router.navigate({ to: '/login', search: { redirect: currentPathWithQuery(router.state.location) } })
      }
    },
    [status, router, t],
  )

  useEffect(() => {
    if (status === 'loading' || !waiting.current) return
    const act = waiting.current
    waiting.current = null
    decide(act)
  }, [status, decide])

  return useCallback(
    (act: () => void) => {
      if (status === 'loading') waiting.current = act
      else decide(act)
    },
    [status, decide],
  )
}
