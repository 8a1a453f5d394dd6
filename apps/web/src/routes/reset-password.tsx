import { createFileRoute } from '@tanstack/react-router'
import { usePageTitle } from '../components/usePageTitle.ts'
import { AuthBackdrop, AuthCard } from '../pages/login/AuthPageFrame.tsx'
import { ResetPasswordForm } from '../pages/login/ResetPasswordForm.tsx'

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  usePageTitle('Choose a new password')
  const { token } = Route.useSearch()
  return (
    <AuthBackdrop>
      <AuthCard title="Choose a new password" lead="Signing in with it ends every other session of your account.">
        <ResetPasswordForm token={token} />
      </AuthCard>
    </AuthBackdrop>
  )
}
