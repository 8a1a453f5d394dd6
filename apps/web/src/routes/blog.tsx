import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { BlogPage } from '../pages/info/BlogPage.tsx'

export const Route = createFileRoute('/blog')({
  head: staticHead('/blog'),
  // The page's texts are a namespace of their own: loaded before it renders, it never suspends.
  loader: ({ context }) => context.i18n.loadNamespaces('info'),
  component: BlogPage,
})
