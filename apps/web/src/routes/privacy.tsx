import { createFileRoute } from '@tanstack/react-router'

import { staticHead } from '../app/lazy-page-head.ts'
import { PrivacyPage } from '../pages/info/PrivacyPage.tsx'

export const Route = createFileRoute('/privacy')({
  head: staticHead('/privacy'),
  component: PrivacyPage,
})
