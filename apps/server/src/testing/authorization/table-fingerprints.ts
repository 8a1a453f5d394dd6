import type { Db } from '@promptly/db/client'

/**
 * The tables a request can change on someone's behalf, each with the columns left out: those that
 * note that a credential was presented, refused or not (an API key's last use). Not sessions at all:
 * every signed-in call notes when its session was last seen.
 */
const WRITABLE_TABLES: Record<string, string[]> = {
  users: [],
  tools: [],
  bookmarks: [],
  credit_entries: [],
  generations: [],
  stored_media: [],
  plan_offers: [],
  purchases: [],
  referrals: [],
  api_keys: ['last_used_at'],
  email_tokens: [],
  audit_entries: [],
  bulk_jobs: [],
  bulk_rows: [],
}

/** A digest of every row of each writable table: equal digests mean nothing was written, updates included. */
export async function tableFingerprints(db: Db): Promise<Record<string, string>> {
  const fingerprints: Record<string, string> = {}
  for (const [table, leftOut] of Object.entries(WRITABLE_TABLES)) {
    const row = leftOut.reduce((json, column) => `${json} - '${column}'`, 'to_jsonb(t)')
    const [found] = await db.$queryRawUnsafe<{ digest: string | null }[]>(
      `SELECT md5(string_agg((${row})::text, ',' ORDER BY (${row})::text)) AS digest FROM "${table}" t`,
    )
    fingerprints[table] = found?.digest ?? 'empty'
  }
  return fingerprints
}

/** The id the next writing transaction will get: unchanged means no transaction wrote anything since. */
async function nextTransactionId(db: Db): Promise<string> {
  const [row] = await db.$queryRawUnsafe<{ next: string }[]>(
    'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next',
  )
  return row?.next ?? ''
}

export interface WriteWatch {
  /** Marks the state before a request. */
  mark(): Promise<void>
  /** The writable tables changed since the mark (not counting the columns and tables left out above). */
  changedSinceMark(): Promise<string[]>
}

/**
 * tableFingerprints for many requests in a row, cheaply: the digests are recomputed only when a
 * transaction wrote in between (PostgreSQL hands out a transaction id only to one that writes), so a
 * request that wrote nothing costs two tiny queries instead of a digest of every table.
 */
export function createWriteWatch(db: Db): WriteWatch {
  type State = { next: string; fingerprints: Record<string, string> }
  let known: State | null = null
  let marked: State | null = null
  const current = async () => {
    const next = await nextTransactionId(db)
    if (known?.next !== next) known = { next, fingerprints: await tableFingerprints(db) }
    return known
  }
  return {
    async mark() {
      marked = await current()
    },
    async changedSinceMark() {
      if (!marked) throw new Error('changedSinceMark() before mark()')
      const before = marked.fingerprints
      const after = (await current()).fingerprints
      return Object.keys(after).filter((table) => after[table] !== before[table])
    },
  }
}
