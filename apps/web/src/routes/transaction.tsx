import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { useSiteDetails } from '../layout/site.ts'
import { SecureTransactionPage } from '../pages/info/SecureTransactionPage.tsx'

export const Route = createFileRoute('/transaction')({
  head: staticHead('/transaction'),
  // The page's texts are a namespace of their own: loaded before it renders, it never suspends.
  loader: ({ context }) => context.i18n.loadNamespaces('info'),
  component: function TransactionRoute() {
    return <SecureTransactionPage site={useSiteDetails()} />
  },
})
