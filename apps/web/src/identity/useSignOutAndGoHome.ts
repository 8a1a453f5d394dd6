import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

import { toast } from '../components/toast.ts'
import { useIdentity } from './identity-context.ts'

/** Leaves the page first (a protected page would otherwise bounce to /login), then signs out. */
export function useSignOutAndGoHome(): () => Promise<void> {
  const { signOut } = useIdentity()
  const navigate = useNavigate()
  const { t } = useTranslation()
  return useCallback(async () => {
    await navigate({ to: '/' })
    try {
      await signOut()
    } catch {
      toast.error(t('identity.errors.signOutUnreachable'), 'sign-out-failed')
    }
  }, [navigate, signOut, t])
}
