import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { TermsPage } from '../pages/info/TermsPage.tsx'

export const Route = createFileRoute('/terms')({
  head: staticHead('/terms'),
  component: TermsPage,
})
