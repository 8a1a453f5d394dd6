/**
 * What a cache invalidation is about, as named between instances: the catalogue (everything of it,
 * no key), a signed-in session (key: its token's hash), everything cached about a user (key: the user
 * id: their sessions, their account row, their API keys), a user's bookmark set (key: the user id), a
 * Clerk session that ended (key: Clerk's session id: its verified tokens are dropped and refused), and
 * a revoked API key (key: the key's hash, as stored).
 */
export const CACHE_TOPICS = ['catalogue', 'session', 'user', 'bookmarks', 'clerkSession', 'apiKey'] as const
export type CacheTopic = (typeof CACHE_TOPICS)[number]
/** The topics whose invalidations name one key. */
export type KeyedCacheTopic = Exclude<CacheTopic, 'catalogue'>

export interface CacheListener {
  /** Drops what is kept under `key` (for the catalogue, whose changes name no key: everything). */
  forget(key: string): void
  /** Drops everything: invalidations may have been missed (the channel was down). */
  forgetAll(): void
}

/** The caches of one instance, by the topic each listens to. */
export class CacheListeners {
  readonly #byTopic = new Map<CacheTopic, Set<CacheListener>>(CACHE_TOPICS.map((topic) => [topic, new Set()]))

  /** Has `listener` told of every invalidation of `topic`, until the returned function is called. */
  add(topic: CacheTopic, listener: CacheListener): () => void {
    const listeners = this.#byTopic.get(topic)
    listeners?.add(listener)
    return () => listeners?.delete(listener)
  }

  forget(topic: CacheTopic, key: string): void {
    for (const listener of this.#byTopic.get(topic) ?? []) listener.forget(key)
  }

  forgetAll(): void {
    for (const listeners of this.#byTopic.values()) {
      for (const listener of listeners) listener.forgetAll()
    }
  }
}

/** A catalogue change names no key. */
export const NO_KEY = ''

/**
 * How an invalidation is written in a NOTIFY payload: `<topic>:<key>` (the catalogue's key is empty),
 * then ` <source>` when the sending instance has already cleared its own caches (and skips its own
 * notification). Keys are token hashes, user ids and Clerk session ids: never a colon or a space, never a secret.
 */
export function cachePayload(topic: CacheTopic, key: string, source?: string): string {
  return source ? `${topic}:${key} ${source}` : `${topic}:${key}`
}

export function parseCachePayload(payload: string): { topic: CacheTopic; key: string; source?: string } | null {
  const colon = payload.indexOf(':')
  if (colon === -1) return null
  const topic = CACHE_TOPICS.find((name) => name === payload.slice(0, colon))
  if (!topic) return null
  const space = payload.indexOf(' ', colon)
  if (space === -1) return { topic, key: payload.slice(colon + 1) }
  return { topic, key: payload.slice(colon + 1, space), source: payload.slice(space + 1) }
}
