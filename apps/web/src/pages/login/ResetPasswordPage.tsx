import { getRouteApi } from '@tanstack/react-router'

import { usePageTitle } from '../../components/usePageTitle.ts'
import { AuthBackdrop, AuthCard } from './AuthPageFrame.tsx'
import { ResetPasswordForm } from './ResetPasswordForm.tsx'

const route = getRouteApi('/reset-password')

export function ResetPasswordPage() {
  usePageTitle('Choose a new password')
  const { token } = route.useSearch()
  return (
    <AuthBackdrop>
      <AuthCard title="Choose a new password" lead="Signing in with it ends every other session of your account.">
        <ResetPasswordForm token={token} />
      </AuthCard>
    </AuthBackdrop>
  )
}
