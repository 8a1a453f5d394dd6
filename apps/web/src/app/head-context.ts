import type { GetToolOutput } from '@promptly/api/tools/get.schema'

import type { RouterContext } from './router-context.ts'

/**
 * What the routes' head() reads, shared by the head tags' module (page-head.ts) and the routes that
 * load it on demand (lazy-page-head.ts), so neither needs the other's types.
 */

/** What a head() reads of the router context: the public origin and the page's texts. */
export type HeadContext = Pick<RouterContext, 'origin' | 'i18n'>

/** What a tool's page says about the tool in its head (title, description, preview image). */
export type ToolHead = Pick<GetToolOutput['tool'], 'name' | 'description' | 'logo'>
