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
  // The page's texts are the admin namespace's, and the generator's for trying a tool out: loaded
  // before it renders, so it never shows keys.
  loader: ({ context }) => context.i18n.loadNamespaces(['admin', 'generator']),
  component: ToolBuilderPage,
})
