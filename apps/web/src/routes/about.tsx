import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { AboutPage } from '../pages/info/AboutPage.tsx'

export const Route = createFileRoute('/about')({
  head: staticHead('/about'),
  // The page's texts are a namespace of their own: loaded before it renders, it never suspends.
  loader: ({ context }) => context.i18n.loadNamespaces('info'),
  component: AboutPage,
})
