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
