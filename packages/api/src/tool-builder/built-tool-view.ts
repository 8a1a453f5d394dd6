import type { Prisma as PrismaTypes } from '@promptly/db/client'

import type { Context } from '../context.ts'
import { toolDetailSelect, toToolDetail } from '../tools/tool-rows.ts'
import type { BuiltToolScope } from './builder-writes.ts'
import type { BuiltToolView } from './tool-builder.schema.ts'

const builtToolSelect = {
  ...toolDetailSelect,
  published: true,
  ownerId: true,
} as const satisfies PrismaTypes.ToolSelect

/** The tool the scope picks, as the builder edits it; null when there is none (or it is not the caller's). */
export async function readBuiltTool(ctx: Context, where: BuiltToolScope): Promise<BuiltToolView | null> {
  const row = await ctx.db.tool.findFirst({ where, select: builtToolSelect })
  if (!row) return null
  const { isBookmarked: _unused, ...detail } = toToolDetail(row, false)
  return { ...detail, published: row.published, ownerId: row.ownerId }
}
