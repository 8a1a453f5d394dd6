import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { BlogPage } from '../pages/info/BlogPage.tsx'

export const Route = createFileRoute('/blog')({
  head: staticHead('/blog'),
  component: BlogPage,
})
