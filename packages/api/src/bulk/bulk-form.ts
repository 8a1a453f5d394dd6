import { bulkRowRules, type BulkRowRules } from '@promptly/core/bulk/bulk-row-rules'
import type { FormGroups } from '@promptly/core/catalogue/tool'
import { badRequest } from '@promptly/core/errors/app-error'
import type { ToolKind } from '@promptly/db/generated/prisma/enums'

import { DEDICATED_TOOL_MESSAGE, UPCOMING_TOOL_MESSAGE } from '../generation/prepare-generation.ts'

/**
 * The bulk rules of a tool a bulk run can take (core's bulk-row-rules.ts): a generic tool's own form,
 * or the fixed form of the image tool or text to audio. An upcoming tool, or another dedicated tool
 * (paraphrase, transcription), is a BAD_REQUEST.
 */
export function bulkFormOf(tool: { kind: ToolKind; upcoming: boolean; groups: FormGroups }): BulkRowRules {
  if (tool.upcoming) throw badRequest(UPCOMING_TOOL_MESSAGE)
  const rules = bulkRowRules(tool)
  if (!rules) throw badRequest(DEDICATED_TOOL_MESSAGE)
  return rules
}
