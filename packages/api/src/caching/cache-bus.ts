import type { Db, Prisma } from '@promptly/db/client'

import { CacheListeners, NO_KEY, type CacheListener, type CacheTopic, type KeyedCacheTopic } from './cache-topics.ts'

/**
 * How an invalidation travels from the instance whose write made it to every instance's caches:
 * chosen once by the composition root (apps/server/src/services.ts), one per instance.
 *
 * Every publish clears this instance's caches before it returns (the writer's own next read sees its
 * write), then tells the other instances. The promise resolves once they were told and never rejects:
 * a lost broadcast is logged, and each cache's TTL bounds the staleness it leaves.
 */
export interface CacheBus {
  /** PostgreSQL LISTEN/NOTIFY between instances (postgres-cache-bus.ts), or this process alone (PGlite). */
  readonly kind: 'postgres' | 'in-process'
  /** The catalogue changed (a tool created, updated, deleted, published), once the write has committed. */
  publish(topic: 'catalogue'): Promise<void>
  /** What `key` of `topic` holds changed (a session ended, a bookmark set changed), once committed. */
  publish(topic: KeyedCacheTopic, key: string): Promise<void>
  /**
   * For a change made inside a transaction: this instance's caches forget `key` now, and every
   * instance, this one again, when (and only if) the transaction commits, so nothing re-read in
   * between is kept.
   */
  publishInTransaction(tx: Db | Prisma.TransactionClient, topic: KeyedCacheTopic, key: string): Promise<void>
  /** Has `listener` told of every invalidation of `topic`, this instance's and the others'. */
  subscribe(topic: CacheTopic, listener: CacheListener): () => void
  /** Stops listening for other instances' changes. */
  close(): Promise<void>
}

/**
 * For PGlite: the database lives in this one process, so no other instance can be serving it and
 * clearing this instance's caches reaches every reader there is.
 */
export function inProcessCacheBus(): CacheBus {
  const listeners = new CacheListeners()
  return {
    kind: 'in-process',
    async publish(topic: CacheTopic, key: string = NO_KEY) {
      listeners.forget(topic, key)
    },
    async publishInTransaction(_tx, topic, key) {
      // Nobody else listens: forgetting now is enough, and a commit has nothing more to tell.
      listeners.forget(topic, key)
    },
    subscribe: (topic, listener) => listeners.add(topic, listener),
    async close() {},
  }
}
