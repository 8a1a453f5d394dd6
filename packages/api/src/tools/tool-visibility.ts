import type { Prisma as PrismaTypes } from '@promptly/db/client'
import { Prisma } from '@promptly/db/generated/prisma/client'

/**
 * Who sees which tool, in one place for every read. The catalogue (lists, search, categories,
 * related tools, the catalogue cache) is the published tools only; a personal tool (published =
 * false) is seen, opened and run by its owner alone, and to anyone else it does not exist.
 */

/** The catalogue: what everyone sees, and all the catalogue cache may ever hold. */
export const PUBLISHED_TOOLS = { published: true } as const satisfies PrismaTypes.ToolWhereInput

/** What a caller may open and run: the catalogue, and their own personal tools. */
export function toolsVisibleTo(userId: string | null): PrismaTypes.ToolWhereInput {
  return userId === null ? PUBLISHED_TOOLS : { OR: [PUBLISHED_TOOLS, { ownerId: userId }] }
}

/** toolsVisibleTo over `tools t` in raw SQL. */
export function visibleToolSql(userId: string | null): Prisma.Sql {
  return userId === null ? Prisma.sql`t.published` : Prisma.sql`(t.published OR t.owner_id = ${userId}::uuid)`
}
