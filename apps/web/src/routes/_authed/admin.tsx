import { createFileRoute } from '@tanstack/react-router'

import { textParam } from '../../navigation/search-params.ts'
import type { AdminSearchParams } from '../../pages/admin/admin-search.ts'
import { AdminPage } from '../../pages/admin/AdminPage.tsx'

/**
 * The admin console: users and their credits, plan offers, and the dashboard. Admins only. Its
 * parameters stay text here: this runs on the entry chunk, and the page reads them in its own.
 */
export const Route = createFileRoute('/_authed/admin')({
  staticData: { adminOnly: true },
  validateSearch: (search: Record<string, unknown>): AdminSearchParams => ({
    tab: textParam(search.tab),
    q: textParam(search.q),
    sort: textParam(search.sort),
    order: textParam(search.order),
    range: textParam(search.range),
  }),
  component: AdminPage,
})
