import type { Db } from '@promptly/db/client'
import type { User } from '@promptly/db/generated/prisma/client'

import { storedScopes, type ApiKeyScope } from './api-key-scope.ts'
import { hashApiKey, isWellFormedApiKey } from './api-key-secret.ts'

/** lastUsedAt is a hint for the owner ("used 5 minutes ago"), so it is written at most once a minute. */
export const LAST_USED_RESOLUTION_MS = 60_000

export interface ApiKeyCaller {
  keyId: string
  scopes: ApiKeyScope[]
  /** The key's owner: the caller of every request made with the key. */
  user: User
}

export type ApiKeyAuthentication = { ok: true; caller: ApiKeyCaller } | { ok: false; reason: 'unknown' | 'revoked' }

/**
 * The owner and scopes behind a presented key, looked up by its hash (the key itself is never
 * stored, so it cannot be compared any other way). Records the use when the last one recorded is
 * over a minute old: one conditional statement, so concurrent calls write it once.
 */
export async function authenticateApiKey(db: Db, presented: string, now = new Date()): Promise<ApiKeyAuthentication> {
  if (!isWellFormedApiKey(presented)) return { ok: false, reason: 'unknown' }
  const key = await db.apiKey.findUnique({ where: { keyHash: hashApiKey(presented) }, include: { user: true } })
  if (!key) return { ok: false, reason: 'unknown' }
  if (key.revokedAt) return { ok: false, reason: 'revoked' }
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS)
  if (!key.lastUsedAt || key.lastUsedAt <= staleBefore) {
    await db.apiKey.updateMany({
      where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: staleBefore } }] },
      data: { lastUsedAt: now },
    })
  }
  return { ok: true, caller: { keyId: key.id, scopes: storedScopes(key.scopes), user: key.user } }
}
