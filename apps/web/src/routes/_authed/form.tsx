import { createFileRoute } from '@tanstack/react-router'

import { textParam } from '../../navigation/search-params.ts'
import { ToolBuilderPage } from '../../pages/builder/ToolBuilderPage.tsx'

/**
 * The tool-builder: any signed-in user (the original product had no check at all). Admins write
 * catalogue tools; everyone else writes private tools of their own. The API decides which.
 */
export const Route = createFileRoute('/_authed/form')({
  validateSearch: (search: Record<string, unknown>): { id?: string } => {
    const id = textParam(search.id)
    return id ? { id } : {}
  },
  component: ToolBuilderPage,
})
