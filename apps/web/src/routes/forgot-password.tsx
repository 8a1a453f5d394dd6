import { createFileRoute } from '@tanstack/react-router'
import { usePageTitle } from '../components/usePageTitle.ts'
import { AuthBackdrop, AuthCard } from '../pages/login/AuthPageFrame.tsx'
import { ForgotPasswordForm } from '../pages/login/ForgotPasswordForm.tsx'

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  usePageTitle('Forgot password')
  return (
    <AuthBackdrop>
      <AuthCard title="Forgot your password?" lead="Enter your e-mail and we will send you a link to choose a new one.">
        <ForgotPasswordForm />
      </AuthCard>
    </AuthBackdrop>
  )
}
