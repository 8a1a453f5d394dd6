import { hashApiKey, isWellFormedApiKey } from '@promptly/api/api-keys/api-key-secret'
import {
  authenticateApiKey,
  type ApiKeyAuthentication,
  type ApiKeyCaller,
} from '@promptly/api/api-keys/authenticate-api-key'
import type { CacheBus } from '@promptly/api/caching/cache-bus'
import { KeyedCache } from '@promptly/api/caching/keyed-cache'
import type { Db } from '@promptly/db/client'

import { IDENTITY_CACHE_MAX_ENTRIES, IDENTITY_CACHE_TTL_MS } from '../identity/identity-cache.ts'

/**
 * API keys that authenticated in the last seconds, by the key's hash (what the database stores; never
 * the key), so a script's run of calls costs its key's lookup (the key and its owner: two statements)
 * once every few seconds rather than on every call. The same bound as signed-in sessions: a change to
 * the owner's account made elsewhere shows within IDENTITY_CACHE_TTL_MS; balances are re-read by the
 * handlers that charge them, never taken from here.
 *
 * Only keys that were accepted are kept: an unknown or revoked key is looked up every time, so a flood
 * of made-up keys cannot fill the cache. Revoking a key (`apiKey:<hash>` on the cache bus) and
 * anything that forgets a user (`user:<id>`: sign-out everywhere, a role change, a deletion) drop it on
 * this instance before the answer is sent, and on the others within milliseconds.
 */
export class ApiKeyCache {
  readonly #keys: KeyedCache<ApiKeyAuthentication>

  /** Subscribed to `bus` for as long as the bus lives. */
  constructor(bus: CacheBus, { now }: { now?: () => number } = {}) {
    this.#keys = new KeyedCache<ApiKeyAuthentication>({
      ttlMs: IDENTITY_CACHE_TTL_MS,
      maxEntries: IDENTITY_CACHE_MAX_ENTRIES,
      keep: (found) => found.ok,
      ...(now && { now }),
    })
    bus.subscribe('apiKey', { forget: (keyHash) => this.#keys.delete(keyHash), forgetAll: () => this.#keys.clear() })
    bus.subscribe('user', {
      forget: (userId) => this.#keys.deleteWhere((found) => found.ok && found.caller.user.id === userId),
      forgetAll: () => this.#keys.clear(),
    })
  }

  /** The key's owner and scopes, kept or looked up (authenticate-api-key.ts); the refusal otherwise. */
  authenticate(db: Db, presented: string): Promise<ApiKeyAuthentication> {
    if (!isWellFormedApiKey(presented)) return Promise.resolve({ ok: false, reason: 'unknown' })
    return this.#keys.get(hashApiKey(presented), () => authenticateApiKey(db, presented))
  }

  /** The kept caller of a key, if any (tests). */
  peek(presented: string): ApiKeyCaller | undefined {
    const found = this.#keys.peek(hashApiKey(presented))
    return found?.ok ? found.caller : undefined
  }
}
