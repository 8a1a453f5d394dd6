import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { ContactPage } from '../pages/contact/ContactPage.tsx'

export const Route = createFileRoute('/contact')({
  head: staticHead('/contact'),
  component: ContactPage,
})
