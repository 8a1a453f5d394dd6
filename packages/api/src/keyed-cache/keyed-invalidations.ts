import type { Db } from '@promptly/db/client'

/**
 * The per-key caches other instances must hear about, as named between instances: a signed-in
 * session (key: its token's hash), everything cached about a user (key: the user id: their
 * sessions, their account row), and a user's bookmark set (key: the user id).
 */
export const CACHE_TOPICS = ['session', 'user', 'bookmarks'] as const
export type CacheTopic = (typeof CACHE_TOPICS)[number]

export interface KeyedCacheListener {
  /** Drops what is kept under `key`. */
  forget(key: string): void
  /** Drops everything: invalidations may have been missed (the channel was down). */
  forgetAll(): void
}

// Per database handle, as the catalogue cache: each instance (a handle) clears its own caches, and
// a test holding two handles on one database sees them apart.
const listenersByDatabase = new WeakMap<Db, Map<CacheTopic, Set<KeyedCacheListener>>>()

/** Has `listener` told of every invalidation of `topic` on `db`, until the returned function is called. */
export function listenForKeyInvalidations(db: Db, topic: CacheTopic, listener: KeyedCacheListener): () => void {
  let topics = listenersByDatabase.get(db)
  if (!topics) {
    topics = new Map()
    listenersByDatabase.set(db, topics)
  }
  let listeners = topics.get(topic)
  if (!listeners) {
    listeners = new Set()
    topics.set(topic, listeners)
  }
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Clears `key` of `topic` in this instance's caches on `db` (the channel calls it for every instance's change). */
export function forgetKeyLocally(db: Db, topic: CacheTopic, key: string): void {
  for (const listener of listenersByDatabase.get(db)?.get(topic) ?? []) listener.forget(key)
}

/** Clears every keyed cache of this instance on `db`. */
export function forgetAllKeysLocally(db: Db): void {
  for (const listeners of listenersByDatabase.get(db)?.values() ?? []) {
    for (const listener of listeners) listener.forgetAll()
  }
}

/**
 * How a keyed invalidation is written in a NOTIFY payload: `<topic>:<key>`, then ` <source>` when the
 * sending instance has already cleared its own caches (and skips its own notification); a catalogue
 * change's payload has no colon.
 */
export function keyedPayload(topic: CacheTopic, key: string, source?: string): string {
  return source ? `${topic}:${key} ${source}` : `${topic}:${key}`
}

export function parseKeyedPayload(payload: string): { topic: CacheTopic; key: string; source?: string } | null {
  const colon = payload.indexOf(':')
  if (colon === -1) return null
  const topic = CACHE_TOPICS.find((name) => name === payload.slice(0, colon))
  if (!topic) return null
  const space = payload.indexOf(' ', colon)
  if (space === -1) return { topic, key: payload.slice(colon + 1) }
  return { topic, key: payload.slice(colon + 1, space), source: payload.slice(space + 1) }
}
