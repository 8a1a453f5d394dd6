import { createFileRoute } from '@tanstack/react-router'

import type { ToolHead } from '../app/head-context.ts'
import { GeneratorPage, type GeneratorSearch } from '../generator/GeneratorPage.tsx'
import { ToolNotFoundForVisitor } from '../generator/ToolNotFound.tsx'
import { textParam } from '../navigation/search-params.ts'

/** The loader and head's code: off the home page's JavaScript. */
const loadToolPageModule = () => import('../generator/tool-page-loader.ts')

/**
 * Anyone may read a tool's page (a shared link shows the tool); generating asks to sign in first,
 * with the generator's own words (spec section 5; navigation/useSignInToAct.ts).
 */
export const Route = createFileRoute('/generate')({
  validateSearch: (search: Record<string, unknown>): GeneratorSearch => {
    const id = textParam(search.id)
    const reffered = textParam(search.reffered)
    const from = textParam(search.from)
    return { ...(id ? { id } : {}), ...(reffered ? { reffered } : {}), ...(from ? { from } : {}) }
  },
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ deps: { id }, context }): Promise<ToolHead | null> =>
    loadToolPageModule().then(({ loadToolPage }) => loadToolPage(id, context)),
  head: ({ loaderData, match }) =>
    loadToolPageModule().then(({ toolPageHead }) => toolPageHead(loaderData ?? null, match.search.id, match.context)),
  component: GeneratorPage,
  // An id that names no tool a signed-out visitor may open: the server's 404, in the generator's words.
  notFoundComponent: ToolNotFoundForVisitor,
})
