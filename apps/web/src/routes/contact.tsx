import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { useSiteDetails } from '../layout/site.ts'
import { ContactPage } from '../pages/contact/ContactPage.tsx'

export const Route = createFileRoute('/contact')({
  head: staticHead('/contact'),
  component: function ContactRoute() {
    return <ContactPage site={useSiteDetails()} />
  },
})
