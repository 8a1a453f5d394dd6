import { useTranslation } from 'react-i18next'

import { usePageTitle } from '../../components/usePageTitle.ts'
import { AuthBackdrop, AuthCard } from './AuthPageFrame.tsx'
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx'

export function ForgotPasswordPage() {
  const { t } = useTranslation()
  usePageTitle(t('identity.forgotPassword.pageTitle'))
  return (
    <AuthBackdrop>
      <AuthCard title={t('identity.forgotPassword.title')} lead={t('identity.forgotPassword.lead')}>
        <ForgotPasswordForm />
      </AuthCard>
    </AuthBackdrop>
  )
}
