import { createFileRoute } from '@tanstack/react-router'

import { HistoryPage } from '../../history/HistoryPage.tsx'

export const Route = createFileRoute('/_authed/history')({
  component: HistoryPage,
})
