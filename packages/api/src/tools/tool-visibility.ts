import type { Prisma as PrismaTypes } from '@promptly/db/client'
import { Prisma } from '@promptly/db/generated/prisma/client'

/**
 * Who sees which tool, in one place for every read. The catalogue (lists, search, categories,
 * related tools, the catalogue cache) is the published tools only; a personal tool (published =
 * false) is seen, opened and run by its owner alone, and to anyone else it does not exist. An admin
 * reaches someone else's personal tool only by stating a reason (tool-builder/admin-tool-scope.ts).
 * The raw-SQL forms read `tools t`.
 */

/** The catalogue: what everyone sees, and all the catalogue cache may ever hold. */
export const PUBLISHED_TOOLS = { published: true } as const satisfies PrismaTypes.ToolWhereInput

/** PUBLISHED_TOOLS in raw SQL. */
export const PUBLISHED_TOOL_SQL = Prisma.sql`t.published`

/** What a caller may open and run: the catalogue, and their own personal tools. */
export function toolsVisibleTo(userId: string | null): PrismaTypes.ToolWhereInput {
  return userId === null ? PUBLISHED_TOOLS : { OR: [PUBLISHED_TOOLS, ownedBy(userId)] }
}

/** toolsVisibleTo in raw SQL. */
export function visibleToolSql(userId: string | null): Prisma.Sql {
  return userId === null ? PUBLISHED_TOOL_SQL : Prisma.sql`(${PUBLISHED_TOOL_SQL} OR t.owner_id = ${userId}::uuid)`
}

/** The tools a user built, in the catalogue or not: what their builder lists and opens. */
export function ownedBy(userId: string) {
  return { ownerId: userId } satisfies PrismaTypes.ToolWhereInput
}

/** A user's personal tools: built by them and not in the catalogue (what they may still change). */
export function personalToolsOf(userId: string) {
  return { ...ownedBy(userId), published: false } satisfies PrismaTypes.ToolWhereInput
}

/** What an admin reaches without a reason: the catalogue, the seeded tools (no owner) and their own. */
export function toolsAdminReachesUnasked(adminId: string) {
  return { OR: [PUBLISHED_TOOLS, { ownerId: null }, ownedBy(adminId)] } satisfies PrismaTypes.ToolWhereInput
}
