import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { useSiteDetails } from '../layout/site.ts'
import { PrivacyPage } from '../pages/info/PrivacyPage.tsx'

export const Route = createFileRoute('/privacy')({
  head: staticHead('/privacy'),
  component: function PrivacyRoute() {
    return <PrivacyPage site={useSiteDetails()} />
  },
})
