import { performance } from 'node:perf_hooks'
import { searchQuery, searchTools } from '@promptly/api/tools/search.handler'
import { labelsMatching } from '@promptly/api/tools/search-pattern'
import type { Context } from '@promptly/api/context'
import type { Database } from '@promptly/db/client'

/** Words and phrases people type, from common to rare, plus one that matches nothing. */
export const SEARCH_TERMS = ['travel', 'viral fitness', 'hashtag', 'esports', 'Bio Generator', 'surfing press', 'skincare', 'email writer 42', 'no such tool anywhere']

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
 * The search statement alone, on the driver, with the planner free to use the indexes (`indexed`)
 * or kept from them (`scan`: index and bitmap scans off, so every row is read and ILIKE-tested).
 * The same statement and the same transaction wrapper in both, so only the access path differs.
 */
export async function measureSearchStatement(
  db: Database,
  labelsInUse: readonly string[],
  rounds: number,
  mode: 'indexed' | 'scan',
): Promise<SearchTimings> {
  const run = (text: string) =>
    db.raw.transaction(async (tx) => {
      if (mode === 'scan') await tx.exec('SET LOCAL enable_indexscan = off; SET LOCAL enable_bitmapscan = off')
      const statement = searchQuery({ text, labels: labelsMatching(labelsInUse, text), userId: null })
      return tx.query(statement.text, statement.values)
    })
  await timeEach(1, run)
  return timings(await timeEach(rounds, run))
}

/** The access path PostgreSQL picks for a term, e.g. "BitmapOr(tools_name_trgm_idx, tools_tag_line_trgm_idx)". */
export async function searchPlan(db: Database, labelsInUse: readonly string[], text: string): Promise<string> {
  const statement = searchQuery({ text, labels: labelsMatching(labelsInUse, text), userId: null })
  const rows = await db.raw.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.text}`, statement.values)
  const plan = rows.map((row) => row['QUERY PLAN']).join('\n')
  const indexes = [...plan.matchAll(/Index Scan on (\w+)/g)].map((match) => match[1])
  return indexes.length > 0 ? `index scans on ${[...new Set(indexes)].join(', ')}` : plan.includes('Seq Scan') ? 'sequential scan' : 'other'
}
