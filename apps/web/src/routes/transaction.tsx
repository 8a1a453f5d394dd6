import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { useSiteDetails } from '../layout/site.ts'
import { SecureTransactionPage } from '../pages/info/SecureTransactionPage.tsx'

export const Route = createFileRoute('/transaction')({
  head: staticHead('/transaction'),
  component: function TransactionRoute() {
    return <SecureTransactionPage site={useSiteDetails()} />
  },
})
