import type { ToolKind } from '@promptly/core/catalogue/tool'
import { Prisma } from '@promptly/db/generated/prisma/client'

import type { AuthedContext } from '../context.ts'
import { storedMediaItems } from '../media/media-items.ts'
import { containsPattern, normalizeSearchText } from '../tools/search-pattern.ts'
import { encodeHistoryCursor } from './history-cursor.ts'
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
  /** The ledger's word on what it cost: its 'generation' charge and any 'refund', summed and negated. */
  charged: number
  createdAt: Date
  /** created_at as PostgreSQL's text, microseconds kept, for the next page's cursor. */
  position: string
  /** The caller's stored images or audio of this generation, in the order they were stored (JSON). */
  media: unknown
  /** The start of the output only: enough for a preview, never a whole article per row. */
  outputStart: string | null
  error: string | null
  voiceName: string | null
  kept: boolean
}

/** Output characters read per row for its preview (tags included). */
const OUTPUT_READ_LENGTH = 4_000

/**
 * The caller's generations, newest first, one page at a time. Keyset paging on
 * (created_at, id) from the position the cursor carries (history-cursor.ts): the rows after it
 * whatever became of the row itself, and only ever the caller's own rows. Each row brings its
 * stored media (the caller's only) and what it finally cost, from the ledger (a refund brings it
 * to 0). The search is literal and case-insensitive over the tool's name and the output's text
 * (tags stripped, the sanitiser's entities decoded, so searching for "strong" or "amp" does not
 * match markup). A bulk job's rows are left out: history lists the job (bulk.list), not each of
 * its rows, so one 10,000-row run does not bury everything else. One query.
 */
export async function listHistory({ ctx, input }: { ctx: AuthedContext; input: HistoryInput }): Promise<HistoryOutput> {
  const userId = ctx.user.id
  const search = input.search ? normalizeSearchText(input.search) : null
  const afterCursor = input.cursor
    ? Prisma.sql`AND (g.created_at, g.id) < (${input.cursor.createdAt}::timestamp, ${input.cursor.id}::uuid)`
    : Prisma.empty
  const matching = search
    ? Prisma.sql`AND (t.name ILIKE ${containsPattern(search)} OR ${outputText} ILIKE ${containsPattern(search)})`
    : Prisma.empty
  const rows = await ctx.db.$queryRaw<HistoryRow[]>`
    SELECT g.id::text AS id, g.tool_id::text AS "toolId", t.name AS "toolName", t.logo AS "toolLogo",
           g.kind::text AS kind, g.status::text AS status, g.credits,
           (SELECT coalesce(-sum(e.amount), 0)::int
              FROM credit_entries e
             WHERE e.user_id = g.user_id AND e.reason IN ('generation', 'refund') AND e.reference = g.id::text)
             AS charged,
           g.created_at AT TIME ZONE 'UTC' AS "createdAt",
           to_char(g.created_at, 'YYYY-MM-DD"T"HH24:MI:SS.US') AS position,
           (SELECT coalesce(
                     json_agg(json_build_object('id', m.id, 'contentType', m.content_type) ORDER BY m.created_at, m.id),
                     '[]'::json)
              FROM stored_media m
             WHERE m.generation_id = g.id AND m.user_id = ${userId}::uuid) AS media,
           left(g.output, ${OUTPUT_READ_LENGTH}) AS "outputStart", g.error, g.voice->>'name' AS "voiceName", g.kept
      FROM generations g
      LEFT JOIN tools t ON t.id = g.tool_id
     WHERE g.user_id = ${userId}::uuid AND g.bulk_job_id IS NULL ${afterCursor} ${matching}
     ORDER BY g.created_at DESC, g.id DESC
     LIMIT ${input.limit + 1}`
  const page = rows.slice(0, input.limit)
  const last = page.at(-1)
  const nextCursor =
    rows.length > input.limit && last ? encodeHistoryCursor({ createdAt: last.position, id: last.id }) : null
  return { items: page.map(toHistoryItem), nextCursor }
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
    charged: row.charged,
    createdAt: row.createdAt,
    voiceName: row.voiceName,
    kept: row.kept,
    preview: row.outputStart !== null ? plainTextPreview(row.outputStart) : (row.error ?? ''),
    media: storedMediaItems(row.media),
  }
}
