import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { LoginPage } from '../pages/login/LoginPage.tsx'

export const Route = createFileRoute('/login')({
  // Where to go once signed in; LoginPage keeps only a same-origin path (navigation/safe-redirect.ts).
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  head: staticHead('/login'),
  component: LoginPage,
})
