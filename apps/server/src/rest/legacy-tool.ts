import { z } from 'zod'

import { similarTool, toolCard, toolDetail, type SimilarTool, type ToolCard } from '@promptly/api/tools/tool.schema'

/**
 * The legacy tool object third-party scripts read: the product's fields plus the old names, which
 * carry the same values. `_id` = `id` (Mongo-era key), `templete` = `tagLine` (the original
 * misspelling), `accoLogo` = `logo`. The one place these aliases are made.
 */
export type LegacyTool<T extends ToolCard = ToolCard> = T & { _id: string; templete: string; accoLogo: string }

export function toLegacyTool<T extends ToolCard>(tool: T): LegacyTool<T> {
  return { _id: tool.id, ...tool, templete: tool.tagLine, accoLogo: tool.logo }
}

/** The schemas of the legacy objects, in the order their fields are sent (`_id` first). */
const legacyAliases = { templete: z.string().describe('= tagLine'), accoLogo: z.string().describe('= logo') }
const legacyId = z.string().describe('= id')
export const legacyToolSchema = z.object({ _id: legacyId, ...toolCard.shape, ...legacyAliases })
export const legacyToolDetailSchema = z.object({ _id: legacyId, ...toolDetail.shape, ...legacyAliases })
export const legacySimilarToolSchema = z.object({ _id: legacyId, ...similarTool.shape })

/** A similar tool (spec: _id, accoName, name, logo), with `id` as well, as on every legacy object. */
export type LegacySimilarTool = SimilarTool & { _id: string }

export function toLegacySimilarTool(tool: SimilarTool): LegacySimilarTool {
  return { _id: tool.id, ...tool }
}
