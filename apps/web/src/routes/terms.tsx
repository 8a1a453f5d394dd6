import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { useSiteDetails } from '../layout/site.ts'
import { TermsPage } from '../pages/info/TermsPage.tsx'

export const Route = createFileRoute('/terms')({
  head: staticHead('/terms'),
  component: function TermsRoute() {
    return <TermsPage site={useSiteDetails()} />
  },
})
