import { createFileRoute } from '@tanstack/react-router'

import type { VerifiedParam } from '../../pages/profile/account-security/EmailVerificationNotice.tsx'
import { ProfilePage } from '../../pages/profile/ProfilePage.tsx'

export const Route = createFileRoute('/_authed/profile')({
  // Where the e-mail verification link lands: ?verified=1, or ?verified=invalid for a dead link.
  validateSearch: (search: Record<string, unknown>): { verified?: VerifiedParam } =>
    search.verified === '1' || search.verified === 1 || search.verified === 'invalid'
      ? { verified: search.verified === 'invalid' ? 'invalid' : '1' }
      : {},
  component: ProfilePage,
})
