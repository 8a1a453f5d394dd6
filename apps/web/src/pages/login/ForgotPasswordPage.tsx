import { usePageTitle } from '../../components/usePageTitle.ts'
import { AuthBackdrop, AuthCard } from './AuthPageFrame.tsx'
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx'

export function ForgotPasswordPage() {
  usePageTitle('Forgot password')
  return (
    <AuthBackdrop>
      <AuthCard title="Forgot your password?" lead="Enter your e-mail and we will send you a link to choose a new one.">
        <ForgotPasswordForm />
      </AuthCard>
    </AuthBackdrop>
  )
}
