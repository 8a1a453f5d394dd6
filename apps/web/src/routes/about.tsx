import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { AboutPage } from '../pages/info/AboutPage.tsx'

export const Route = createFileRoute('/about')({
  head: staticHead('/about'),
  component: AboutPage,
})
