import { Prisma } from '@promptly/db/generated/prisma/client'
import type { Context } from '../context.ts'
import { listCategories } from './categories.handler.ts'
import { SEARCH_RESULT_LIMIT, type SearchInput } from './search.schema.ts'
import { containsPattern, labelsMatching, normalizeSearchText } from './search-pattern.ts'
import type { ToolCard } from './tool.schema.ts'
import { toolCardColumnsSql } from './tool-rows.ts'

/**
 * Tools whose name, tagline or labels contain the text, case-insensitively and literally, with
 * isBookmarked for the caller, in one query (plus the cached label list). Name matches come first
 * (the earlier the match in the name, the higher), then tagline and label matches; by name within each.
 */
export async function searchTools({ ctx, input }: { ctx: Context; input: SearchInput }): Promise<ToolCard[]> {
  const text = normalizeSearchText(input.text)
  if (text === null) return []
  const labels = labelsMatching(await listCategories({ ctx }), text)
  return ctx.db.$queryRaw<ToolCard[]>(searchQuery({ text, labels, userId: ctx.user?.id ?? null }))
}

export interface SearchQueryInput {
  /** Normalized search text (see normalizeSearchText). */
  text: string
  /** The labels in use that contain the text (see labelsMatching). */
  labels: readonly string[]
  /** The caller, for isBookmarked; null signed out. */
  userId: string | null
}

/**
 * The search statement. Name and tagline are matched with ILIKE, served by the trigram GIN indexes
 * (migration catalogue_search_trigram_indexes); labels by overlap with the matching labels, served by
 * the GIN index on labels. Exported for the benchmark, which runs it with and without the indexes.
 */
export function searchQuery({ text, labels, userId }: SearchQueryInput): Prisma.Sql {
  const pattern = containsPattern(text)
  const labelMatch = labels.length > 0 ? Prisma.sql`OR t.labels && ${[...labels]}::text[]` : Prisma.empty
  const isBookmarked = userId
    ? Prisma.sql`EXISTS (SELECT 1 FROM bookmarks b WHERE b.tool_id = t.id AND b.user_id = ${userId}::uuid)`
    : Prisma.sql`false`
  // Two steps: rank the matches on narrow rows (id and sort keys), then read the card columns of the
  // 100 kept only. A broad term matching a tenth of the catalogue sorts a thousand small rows instead
  // of a thousand full ones.
  // strpos(lower(name), lower(text)) applies the same case folding as ILIKE, so it is > 0 exactly
  // for name matches: those first, the earlier the better, then by name.
  // ILIKE's escape character is backslash by default, which is what containsPattern escapes with.
  return Prisma.sql`
    WITH hits AS (
      SELECT t.id, ranked.name_position, folded.name AS sort_name
      FROM tools t
        CROSS JOIN LATERAL (SELECT lower(t.name) AS name) folded
        CROSS JOIN LATERAL (SELECT strpos(folded.name, lower(${text})) AS name_position) ranked
      WHERE t.name ILIKE ${pattern} OR t.tag_line ILIKE ${pattern} ${labelMatch}
      ORDER BY ranked.name_position = 0, ranked.name_position, folded.name, t.id
      LIMIT ${SEARCH_RESULT_LIMIT}
    )
    SELECT ${toolCardColumnsSql}, ${isBookmarked} AS "isBookmarked"
    FROM hits h JOIN tools t ON t.id = h.id
    ORDER BY h.name_position = 0, h.name_position, h.sort_name, h.id`
}
