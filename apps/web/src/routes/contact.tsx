import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { useSiteDetails } from '../layout/site.ts'
import { ContactPage } from '../pages/contact/ContactPage.tsx'

export const Route = createFileRoute('/contact')({
  head: staticHead('/contact'),
  // The page's texts are a namespace of their own: loaded before it renders, it never suspends.
  loader: ({ context }) => context.i18n.loadNamespaces('info'),
  component: function ContactRoute() {
    return <ContactPage site={useSiteDetails()} />
  },
})
