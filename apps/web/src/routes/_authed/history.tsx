import { createFileRoute } from '@tanstack/react-router'

import { HistoryPage } from '../../history/HistoryPage.tsx'

export const Route = createFileRoute('/_authed/history')({
  // The history shows results as the generator does, in the generator namespace's texts.
  loader: ({ context }) => context.i18n.loadNamespaces('generator'),
  component: HistoryPage,
})
