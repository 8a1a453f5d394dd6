import { z } from 'zod'

import { similarTool, toolDetail, toolId } from './tool.schema.ts'

/** Related tools listed beside a tool (spec section 9). */
export const SIMILAR_TOOLS_LIMIT = 5

/** The id in lower case, whatever case it came in: the cache holds one entry per tool. */
export const getToolInput = z.object({ id: toolId })
export type GetToolInput = z.infer<typeof getToolInput>

/** NOT_FOUND for an unknown id. `similar`: same groupBy, excluding the tool itself, at most 5. */
export const getToolOutput = z.object({
  tool: toolDetail,
  similar: z.array(similarTool).max(SIMILAR_TOOLS_LIMIT),
})
export type GetToolOutput = z.infer<typeof getToolOutput>
