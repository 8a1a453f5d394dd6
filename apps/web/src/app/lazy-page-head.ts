import type { GetToolOutput } from '@promptly/api/tools/get.schema'

import type { StaticPagePath } from './page-head.ts'
import type { RouterContext } from './router-context.ts'

/**
 * The head tags' module, loaded on demand: only the server renders them into the page (the browser
 * sets the title itself, usePageTitle), so their text stays off the first page's JavaScript.
 */
export const loadPageHead = () => import('./page-head.ts')

/** What a head() reads of the router context: the public origin and the page's texts. */
export type HeadContext = Pick<RouterContext, 'origin' | 'i18n'>

/** A static page's head(): its title and description, in the page's language. */
export const staticHead =
  (path: StaticPagePath) =>
  ({ match }: { match: { context: HeadContext } }) =>
    loadPageHead().then((head) => head.staticPageHead(path, match.context.i18n.t))

/** What a tool's page says about the tool in its head (title, description, preview image). */
export type ToolHead = Pick<GetToolOutput['tool'], 'name' | 'description' | 'logo'>
