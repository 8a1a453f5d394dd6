import { performance } from 'node:perf_hooks'

import type { Context } from '@promptly/api/context'
import { containsPattern, labelsMatching } from '@promptly/api/tools/search-pattern'
import { cardsOfRankedMatches, searchQuery, searchTools, type SearchAnswer } from '@promptly/api/tools/search.handler'
import { SEARCH_RESULT_LIMIT } from '@promptly/api/tools/search.schema'
import type { ToolCard } from '@promptly/api/tools/tool.schema'
import { ALL_TOOLS } from '@promptly/core/catalogue/labels'
import type { Database } from '@promptly/db/client'
import { Prisma } from '@promptly/db/generated/prisma/client'

/** Words and phrases people type, from common to rare, plus one that matches nothing. */
export const SEARCH_TERMS = [
  'travel',
  'viral fitness',
  'hashtag',
  'esports',
  'Bio Generator',
  'surfing press',
  'skincare',
  'email writer 42',
  'no such tool anywhere',
]

export interface LatencySummary {
  p50Ms: number
  p95Ms: number
  samples: number
}

export function summarize(durationsMs: number[]): LatencySummary {
  const sorted = [...durationsMs].sort((a, b) => a - b)
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN
  return { p50Ms: at(0.5), p95Ms: at(0.95), samples: sorted.length }
}

/** Durations per term, `rounds` each, the terms interleaved so a slow moment hits them all alike. */
async function timeEach(rounds: number, work: (term: string) => Promise<unknown>): Promise<Map<string, number[]>> {
  const durations = new Map<string, number[]>(SEARCH_TERMS.map((term) => [term, []]))
  for (let round = 0; round < rounds; round++) {
    for (const term of SEARCH_TERMS) {
      const started = performance.now()
      await work(term)
      durations.get(term)!.push(performance.now() - started)
    }
  }
  return durations
}

export interface SearchTimings {
  all: LatencySummary
  byTerm: Map<string, LatencySummary>
}

function timings(durations: Map<string, number[]>): SearchTimings {
  return {
    all: summarize([...durations.values()].flat()),
    byTerm: new Map([...durations].map(([term, samples]) => [term, summarize(samples)])),
  }
}

/** The search procedure as the API runs it (Prisma, label lookup, result mapping), signed out. */
export async function measureSearchHandler(ctx: Context, rounds: number): Promise<SearchTimings> {
  await timeEach(1, (text) => searchTools({ ctx, input: { text } })) // warm-up: plans, caches
  return timings(await timeEach(rounds, (text) => searchTools({ ctx, input: { text } })))
}

/**
 * How a search statement is run:
 * - `search`: the search's own statement (search column, trigram index), the planner free;
 * - `search-without-indexes`: the same statement with index and bitmap scans off, so every row is
 *   read: what the index alone buys;
 * - `ilike-scan`: the baseline, the same search written as a sequential ILIKE scan with none of the
 *   search's machinery (no search columns, no index, no list of labels in use): ILIKE on name,
 *   tagline and each label, ranked the same way.
 * `search` and `ilike-scan`, the two the target compares, run the same way (one query, no
 * transaction), so only the statement and access path differ.
 */
export type StatementMode = 'search' | 'search-without-indexes' | 'ilike-scan'

export const STATEMENT_MODES: readonly StatementMode[] = ['search', 'search-without-indexes', 'ilike-scan']

/**
 * The baseline's matches, best first, as rows of (row_at, id, name_position, sort_name): what the search
 * finds, as a sequential ILIKE scan over every tool would find and rank it. They are answered as
 * cards through the search's own last step (cardsOfRankedMatches), so the two differ only in how
 * they find and rank.
 */
export function sequentialIlikeMatches(text: string): Prisma.Sql {
  const pattern = containsPattern(text)
  return Prisma.sql`
    SELECT t.ctid AS row_at, t.id, NULLIF(strpos(lower(t.name), lower(${text})), 0) AS name_position,
      lower(t.name) AS sort_name
    FROM tools t
    WHERE t.name ILIKE ${pattern} OR t.tag_line ILIKE ${pattern}
      OR EXISTS (SELECT 1 FROM unnest(t.labels) AS label WHERE label <> ${ALL_TOOLS} AND label ILIKE ${pattern})
    ORDER BY 3 NULLS LAST, 4, 2
    LIMIT ${SEARCH_RESULT_LIMIT}`
}

function statementFor(mode: StatementMode, text: string, labelsInUse: readonly string[]): Prisma.Sql {
  if (mode === 'ilike-scan') return cardsOfRankedMatches(sequentialIlikeMatches(text), null)
  return searchQuery({ text, labels: labelsMatching(labelsInUse, text), userId: null })
}

async function runStatement(
  db: Database,
  mode: StatementMode,
  text: string,
  labelsInUse: readonly string[],
): Promise<ToolCard[]> {
  const statement = statementFor(mode, text, labelsInUse)
  // Only turning the index scans off needs a transaction (SET LOCAL must share the statement's
  // connection); its BEGIN and COMMIT are two more round trips, so the other two modes go without.
  const rows =
    mode === 'search-without-indexes'
      ? await db.raw.transaction(async (tx) => {
          await tx.exec('SET LOCAL enable_indexscan = off; SET LOCAL enable_bitmapscan = off')
          return tx.query<SearchAnswer>(statement.text, statement.values)
        })
      : await db.raw.query<SearchAnswer>(statement.text, statement.values)
  return rows[0]?.cards ?? []
}

/**
 * Checks that every mode finds the same tools in the same order for every term, so the timings
 * compare like with like; throws on the first difference.
 */
export async function assertSameResults(db: Database, labelsInUse: readonly string[]): Promise<void> {
  const idsFound = async (mode: StatementMode, term: string) =>
    (await runStatement(db, mode, term, labelsInUse)).map((card) => card.id).join(',')
  for (const term of SEARCH_TERMS) {
    const expected = await idsFound('search', term)
    for (const mode of STATEMENT_MODES.filter((other) => other !== 'search')) {
      if ((await idsFound(mode, term)) !== expected)
        throw new Error(`${mode} finds other tools than search for ${JSON.stringify(term)}`)
    }
  }
}

/** One statement mode, timed per term. */
export async function measureSearchStatement(
  db: Database,
  labelsInUse: readonly string[],
  rounds: number,
  mode: StatementMode,
): Promise<SearchTimings> {
  const run = (text: string) => runStatement(db, mode, text, labelsInUse)
  await timeEach(1, run)
  return timings(await timeEach(rounds, run))
}

/** The access path PostgreSQL picks for a term, e.g. "index scans on tools_search_text_trgm_idx". */
export async function searchPlan(db: Database, labelsInUse: readonly string[], text: string): Promise<string> {
  const statement = searchQuery({ text, labels: labelsMatching(labelsInUse, text), userId: null })
  const rows = await db.raw.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.text}`, statement.values)
  const plan = rows.map((row) => row['QUERY PLAN']).join('\n')
  const indexes = [...plan.matchAll(/Index Scan on (\w+)/g)].map((match) => match[1])
  return indexes.length > 0
    ? `index scans on ${[...new Set(indexes)].join(', ')}`
    : plan.includes('Seq Scan')
      ? 'sequential scan'
      : 'other'
}
