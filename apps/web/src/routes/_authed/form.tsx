import { createFileRoute } from '@tanstack/react-router'

import { textParam } from '../../navigation/search-params.ts'
import { ToolBuilderPage } from '../../pages/admin/ToolBuilderPage.tsx'

/** The tool-builder: admin-only (design decision; the original product had no check). */
export const Route = createFileRoute('/_authed/form')({
  staticData: { adminOnly: true },
  validateSearch: (search: Record<string, unknown>): { id?: string } => {
    const id = textParam(search.id)
    return id ? { id } : {}
  },
  component: ToolBuilderPage,
})
