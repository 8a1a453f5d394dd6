import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { useSiteDetails } from '../layout/site.ts'
import { PrivacyPage } from '../pages/info/PrivacyPage.tsx'

export const Route = createFileRoute('/privacy')({
  head: staticHead('/privacy'),
  // The page's texts are a namespace of their own: loaded before it renders, it never suspends.
  loader: ({ context }) => context.i18n.loadNamespaces('info'),
  component: function PrivacyRoute() {
    return <PrivacyPage site={useSiteDetails()} />
  },
})
