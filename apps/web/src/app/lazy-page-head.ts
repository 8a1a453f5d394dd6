import type { HeadContext } from './head-context.ts'
import type { StaticPagePath } from './page-head.ts'

/**
 * The head tags' module, loaded on demand: only the server renders them into the page (the browser
 * sets the title itself, usePageTitle), so their text stays off the first page's JavaScript.
 */
export const loadPageHead = () => import('./page-head.ts')

/** A static page's head(): its title and description, in the page's language. */
export const staticHead =
  (path: StaticPagePath) =>
  ({ match }: { match: { context: HeadContext } }) =>
    loadPageHead().then((head) => head.staticPageHead(path, match.context.i18n.t))
