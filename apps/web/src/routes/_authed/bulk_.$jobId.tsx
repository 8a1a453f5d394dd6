import { createFileRoute } from '@tanstack/react-router'

import { BulkJobPage } from '../../bulk/BulkJobPage.tsx'

/** One bulk run, live: its progress, controls, downloads and rows (a page of its own, not inside /bulk's). */
export const Route = createFileRoute('/_authed/bulk_/$jobId')({
  component: BulkJobPage,
})
