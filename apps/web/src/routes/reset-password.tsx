import { createFileRoute } from '@tanstack/react-router'

import { ResetPasswordPage } from '../pages/login/ResetPasswordPage.tsx'

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  component: ResetPasswordPage,
})
