import type { ToolKind } from '@promptly/core/catalogue/tool'
import { Prisma } from '@promptly/db/generated/prisma/client'
import type { AuthedContext } from '../context.ts'
import { containsPattern, normalizeSearchText } from '../tools/search-pattern.ts'
import type { HistoryInput, HistoryItem, HistoryOutput } from './history.schema.ts'
import { plainTextPreview } from './preview.ts'

interface HistoryRow {
  id: string
  toolId: string | null
  toolName: string | null
  toolLogo: string | null
  kind: ToolKind
  status: HistoryItem['status']
  credits: number
  createdAt: Date
  /** The start of the output only: enough for a preview, never a whole article per row. */
  outputStart: string | null
  error: string | null
}

/** Output characters read per row for its preview (tags included). */
const OUTPUT_READ_LENGTH = 4_000

/**
 * The caller's generations, newest first, one page at a time (issue 4, History). Keyset paging on
 * (created_at, id) from the cursor row, which must be the caller's own: another user's id as a
 * cursor finds no position and gives an empty page, revealing nothing. The search is literal and
 * case-insensitive over the tool's name and the output's text (tags stripped, the sanitiser's
 * entities decoded, so searching for "strong" or "amp" does not match markup). One query.
 */
export async function listHistory({ ctx, input }: { ctx: AuthedContext; input: HistoryInput }): Promise<HistoryOutput> {
  const userId = ctx.user.id
  const search = input.search ? normalizeSearchText(input.search) : null
  const afterCursor = input.cursor
    ? Prisma.sql`AND (g.created_at, g.id) < (SELECT c.created_at, c.id FROM generations c WHERE c.id = ${input.cursor}::uuid AND c.user_id = ${userId}::uuid)`
    : Prisma.empty
  const matching = search
    ? Prisma.sql`AND (t.name ILIKE ${containsPattern(search)} OR ${outputText} ILIKE ${containsPattern(search)})`
    : Prisma.empty
  const rows = await ctx.db.$queryRaw<HistoryRow[]>`
    SELECT g.id::text AS id, g.tool_id::text AS "toolId", t.name AS "toolName", t.logo AS "toolLogo",
           g.kind::text AS kind, g.status::text AS status, g.credits,
           g.created_at AT TIME ZONE 'UTC' AS "createdAt",
           left(g.output, ${OUTPUT_READ_LENGTH}) AS "outputStart", g.error
      FROM generations g
      LEFT JOIN tools t ON t.id = g.tool_id
     WHERE g.user_id = ${userId}::uuid ${afterCursor} ${matching}
     ORDER BY g.created_at DESC, g.id DESC
     LIMIT ${input.limit + 1}`
  const page = rows.slice(0, input.limit)
  const last = page.at(-1)
  return { items: page.map(toHistoryItem), nextCursor: rows.length > input.limit && last ? last.id : null }
}

/**
 * The output as text, in SQL: tags removed and the entities the sanitiser writes decoded (&amp;
 * last, so "&amp;lt;" stays "&lt;" as the reader saw it).
 */
const outputText = Prisma.sql`replace(replace(replace(replace(replace(
  regexp_replace(coalesce(g.output, ''), '<[^>]*>', ' ', 'g'),
  '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')`

function toHistoryItem(row: HistoryRow): HistoryItem {
  return {
    id: row.id,
    toolId: row.toolId,
    toolName: row.toolName,
    toolLogo: row.toolLogo,
    kind: row.kind,
    status: row.status,
    credits: row.credits,
    createdAt: row.createdAt,
    preview: row.outputStart !== null ? plainTextPreview(row.outputStart) : (row.error ?? ''),
  }
}
