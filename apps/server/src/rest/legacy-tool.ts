import { z } from 'zod'

import { similarTool, toolCard, toolDetail, type SimilarTool, type ToolCard } from '@promptly/api/tools/tool.schema'

/**
 * The legacy tool object third-party scripts read: the product's fields plus the old names, which
 * carry the same values. `_id` = `id` (Mongo-era key), `templete` = `tagLine` (the original
 * misspelling), `accoLogo` = `logo`; and a card's `description`, which the original's lists carried
 * (tRPC's cards do not). The one place these aliases are made.
 */
export type LegacyTool<T extends ToolCard = ToolCard> = T & {
  _id: string
  description: string
  templete: string
  accoLogo: string
}

/** Where a legacy answer's links point: the API host (APP_URL). */
export interface LegacyUrls {
  appUrl: string
}

/**
 * A logo as legacy answers give it: a site path (`/logos/x.svg`) as a URL on the API host, since the
 * answer is read on another origin, which would resolve a path against its own host (the file is
 * served embeddable by any site, web-app.ts). A stored absolute http(s) logo stays as it is.
 */
export function absoluteLogo(logo: string, { appUrl }: LegacyUrls): string {
  return logo.startsWith('/') ? `${appUrl}${logo}` : logo
}

/**
 * A card or a whole tool in the legacy names. A whole tool has its own description; a card's is
 * given (a shared list keeps its cards' beside them; search results and bookmarks read theirs apart).
 */
export function toLegacyTool<T extends ToolCard>(tool: T, urls: LegacyUrls, description = ''): LegacyTool<T> {
  const logo = absoluteLogo(tool.logo, urls)
  // A whole tool's own description, spread after, wins.
  return { _id: tool.id, description, ...tool, logo, templete: tool.tagLine, accoLogo: logo }
}

/** The schemas of the legacy objects, in the order their fields are sent (`_id` first). */
const legacyAliases = { templete: z.string().describe('= tagLine'), accoLogo: z.string().describe('= logo') }
const legacyId = z.string().describe('= id')
export const legacyToolSchema = z.object({
  _id: legacyId,
  description: z.string().describe("The tool's description, as the original's lists carried it"),
  ...toolCard.shape,
  ...legacyAliases,
})
export const legacyToolDetailSchema = z.object({ _id: legacyId, ...toolDetail.shape, ...legacyAliases })
export const legacySimilarToolSchema = z.object({ _id: legacyId, ...similarTool.shape })

/** A similar tool (spec: _id, accoName, name, logo), with `id` as well, as on every legacy object. */
export type LegacySimilarTool = SimilarTool & { _id: string }

export function toLegacySimilarTool(tool: SimilarTool, urls: LegacyUrls): LegacySimilarTool {
  return { _id: tool.id, ...tool, logo: absoluteLogo(tool.logo, urls) }
}
