import type { GetToolOutput } from '@promptly/api/tools/get.schema'

import type { StaticPagePath } from './page-head.ts'

/**
 * The head tags' module, loaded on demand: only the server renders them into the page (the browser
 * sets the title itself, usePageTitle), so their text stays off the first page's JavaScript.
 */
export const loadPageHead = () => import('./page-head.ts')

/** A static page's head(): its title and description from page-head.ts. */
export const staticHead = (path: StaticPagePath) => () => loadPageHead().then((head) => head.staticPageHead(path))

/** What a tool's page says about the tool in its head (title, description, preview image). */
export type ToolHead = Pick<GetToolOutput['tool'], 'name' | 'description' | 'logo'>
