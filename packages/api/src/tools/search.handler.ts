import { Prisma } from '@promptly/db/generated/prisma/client'

import type { Context } from '../context.ts'
import { listCategories } from './categories.handler.ts'
import { containsPattern, labelsMatching, normalizeSearchText } from './search-pattern.ts'
import { SEARCH_RESULT_LIMIT, type SearchInput } from './search.schema.ts'
import { toolCardJsonSql } from './tool-rows.ts'
import { PUBLISHED_TOOL_SQL } from './tool-visibility.ts'
import type { ToolCard } from './tool.schema.ts'

/**
 * Catalogue tools whose name, tagline or labels contain the text, case-insensitively and literally, with
 * isBookmarked for the caller, in one query (plus the cached label list). Name matches come first
 * (the earlier the match in the name, the higher), then tagline and label matches; by name within each.
 */
export async function searchTools({ ctx, input }: { ctx: Context; input: SearchInput }): Promise<ToolCard[]> {
  const text = normalizeSearchText(input.text)
  if (text === null) return []
  const labels = labelsMatching(await listCategories({ ctx }), text)
  const [answer] = await ctx.db.$queryRaw<SearchAnswer[]>(searchQuery({ text, labels, userId: ctx.user?.id ?? null }))
  return answer?.cards ?? []
}

/** The one row a search statement answers: the cards, best first. */
export interface SearchAnswer {
  cards: ToolCard[]
}

export interface SearchQueryInput {
  /** Normalized search text (see normalizeSearchText). */
  text: string
  /** The labels in use that contain the text (see labelsMatching). */
  labels: readonly string[]
  /** The caller, for isBookmarked; null signed out. */
  userId: string | null
}

/** The search statement: its ranked matches, answered as cards. */
export function searchQuery({ text, labels, userId }: SearchQueryInput): Prisma.Sql {
  return cardsOfRankedMatches(rankedMatches(text, labels), userId)
}

/**
 * The matches, best first, at most SEARCH_RESULT_LIMIT, as rows of (row_at, id, name_position,
 * sort_name), on narrow rows: a broad term matching a tenth of the catalogue sorts a thousand small
 * rows, and only the kept ones are read in full (row_at, the row's ctid, says where).
 *
 * It matches on `search_text`, a column the database generates from the name and tagline folded to
 * lower case (migration catalogue_search_columns), with LIKE on the folded text: the same matches as
 * ILIKE on each column, without folding every row at query time. One trigram GIN index serves it.
 * Labels match by overlap with the matching labels, served by the GIN index on labels.
 *
 * lower() here is the same folding as the generated columns'. name_position is where the text first
 * occurs in the folded name, null for tagline and label matches: name matches first, the earlier the
 * better, then by name. LIKE's escape character is backslash by default, which is what
 * containsPattern escapes with; lower() leaves the escapes alone.
 */
function rankedMatches(text: string, labels: readonly string[]): Prisma.Sql {
  const labelMatch = labels.length > 0 ? Prisma.sql`OR t.labels && ${[...labels]}::text[]` : Prisma.empty
  return Prisma.sql`
    SELECT t.ctid AS row_at, t.id, ranked.name_position, t.search_name AS sort_name
    FROM tools t
      CROSS JOIN LATERAL (SELECT NULLIF(strpos(t.search_name, lower(${text})), 0) AS name_position) ranked
    WHERE ${PUBLISHED_TOOL_SQL} AND (t.search_text LIKE lower(${containsPattern(text)}) ${labelMatch})
    ORDER BY ranked.name_position NULLS LAST, t.search_name, t.id
    LIMIT ${SEARCH_RESULT_LIMIT}`
}

/**
 * The cards of ranked matches (rows of row_at, id, name_position, sort_name, as rankedMatches answers
 * them), in that order, as one JSON array in one row (`SearchAnswer`). One value for the driver to
 * hand over instead of a row of ten fields per card: PGlite parses every field in JavaScript, so one
 * value is cheaper and steadier than many. Exported for the benchmark, whose baseline ranks its
 * matches another way and answers them through this same step.
 *
 * Each kept row is read again where the ranking found it (a TID scan on its ctid) rather than looked
 * up by id through the primary key: those hundred B-tree descents cost 0.6 to 1 ms of CPU per search
 * on PGlite at 100,000 tools (10 to 25%). One statement sees one snapshot, so the row version at that
 * ctid is the one ranked, even if the tool changes meanwhile: no snapshot's rows are pruned under it.
 */
export function cardsOfRankedMatches(matches: Prisma.Sql, userId: string | null): Prisma.Sql {
  const isBookmarked = userId
    ? Prisma.sql`EXISTS (SELECT 1 FROM bookmarks b WHERE b.tool_id = t.id AND b.user_id = ${userId}::uuid)`
    : Prisma.sql`false`
  return Prisma.sql`
    WITH hits AS (${matches})
    SELECT coalesce(
             json_agg(${toolCardJsonSql(isBookmarked)} ORDER BY h.name_position NULLS LAST, h.sort_name, h.id),
             '[]'::json) AS cards
    FROM hits h JOIN tools t ON t.ctid = h.row_at`
}
