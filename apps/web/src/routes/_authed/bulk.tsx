import { createFileRoute } from '@tanstack/react-router'

import { BulkPage } from '../../bulk/BulkPage.tsx'
import { textParam } from '../../navigation/search-params.ts'

/** The user's bulk runs; `?tool=` (the generator's "Run on many rows") opens a new run with that tool. */
export const Route = createFileRoute('/_authed/bulk')({
  validateSearch: (search: Record<string, unknown>): { tool?: string } => {
    const tool = textParam(search.tool)
    return tool ? { tool } : {}
  },
  component: BulkPage,
})
