import type { AuthedContext } from '../context.ts'
import { toolCardColumnsSql } from '../tools/tool-rows.ts'
import { visibleToolSql } from '../tools/tool-visibility.ts'
import type { ToolCard } from '../tools/tool.schema.ts'

/**
 * The caller's bookmarked tools, newest bookmark first, in one query. Per user: never cached. A tool
 * taken out of the catalogue since it was bookmarked drops out, unless it is the caller's own.
 */
export async function listBookmarks({ ctx }: { ctx: AuthedContext }): Promise<ToolCard[]> {
  return ctx.db.$queryRaw<ToolCard[]>`
    SELECT ${toolCardColumnsSql}, true AS "isBookmarked"
    FROM bookmarks b JOIN tools t ON t.id = b.tool_id
    WHERE b.user_id = ${ctx.user.id}::uuid AND ${visibleToolSql(ctx.user.id)}
    ORDER BY b.created_at DESC, b.tool_id`
}
