import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { SecureTransactionPage } from '../pages/info/SecureTransactionPage.tsx'

export const Route = createFileRoute('/transaction')({
  head: staticHead('/transaction'),
  component: SecureTransactionPage,
})
