import { getRouteApi } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { usePageTitle } from '../../components/usePageTitle.ts'
import { AuthBackdrop, AuthCard } from './AuthPageFrame.tsx'
import { ResetPasswordForm } from './ResetPasswordForm.tsx'

const route = getRouteApi('/reset-password')

export function ResetPasswordPage() {
  const { t } = useTranslation()
  usePageTitle(t('identity.resetPassword.pageTitle'))
  const { token } = route.useSearch()
  return (
    <AuthBackdrop>
      <AuthCard title={t('identity.resetPassword.title')} lead={t('identity.resetPassword.lead')}>
        <ResetPasswordForm token={token} />
      </AuthCard>
    </AuthBackdrop>
  )
}
