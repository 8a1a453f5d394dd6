import { randomUUID } from 'node:crypto'

import type { Db, Prisma } from '@promptly/db/client'
import { listenForNotifications, type ListenerBackoff } from '@promptly/db/notification-listener'

import type { CacheBus } from './cache-bus.ts'
import { CacheListeners, cachePayload, NO_KEY, parseCachePayload, type CacheTopic } from './cache-topics.ts'

/** The NOTIFY channel every instance on one database listens on, for every cache topic (cache-topics.ts). */
export const CACHE_CHANNEL = 'promptly_cache_invalidations'
/** How the listening connection shows in pg_stat_activity. */
export const CACHE_LISTENER_NAME = 'promptly-cache-invalidations'

/** The part of a pino logger the bus uses. */
export interface CacheBusLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

export interface PostgresCacheBusOptions {
  /** The database `db` is connected to: the listener opens its own connection there. */
  url: string
  log: CacheBusLog
  backoff?: ListenerBackoff
}

/**
 * For PostgreSQL, where several instances share the database: an invalidation is broadcast with
 * NOTIFY and every instance LISTENs on a dedicated connection, clearing its caches when another
 * instance's notification arrives. Resolves once this instance is listening.
 *
 * When the NOTIFY is sent: `publish` runs it as a statement of its own (autocommit, on a pooled
 * connection), after the caller's write committed; PostgreSQL delivers a notification when the
 * transaction that sent it commits, so here at once, and never for a write that rolled back (the
 * caller publishes only after its write succeeded). What this leaves open is an instance dying
 * between its commit and its NOTIFY; the caches' TTLs bound that.
 *
 * A payload is `<topic>:<key>` (a token hash or a user id, never a secret; empty for the catalogue),
 * with the sender's random id after it when sent by `publish`, whose caller's change has committed
 * and whose sender has cleared its caches already: the id lets the sender skip its own. One sent
 * inside a transaction (`publishInTransaction`, notifyInTransaction) names no sender, and every
 * instance acts on it, the sender too: it arrives only once that transaction has committed, which is
 * exactly when the sender's own caches must forget what they may have re-read in between.
 *
 * While the listening connection is down, notifications are lost; on reconnecting every cache is
 * cleared, since any of them may have been missed.
 */
export async function postgresCacheBus(db: Db, { url, log, backoff }: PostgresCacheBusOptions): Promise<CacheBus> {
  const source = randomUUID()
  const listeners = new CacheListeners()
  const listener = await listenForNotifications({
    url,
    channel: CACHE_CHANNEL,
    applicationName: CACHE_LISTENER_NAME,
    ...(backoff && { backoff }),
    onNotification(payload) {
      const heard = parseCachePayload(payload)
      if (heard && heard.source !== source) listeners.forget(heard.topic, heard.key)
    },
    onReconnect() {
      listeners.forgetAll()
      log.info({}, 'Listening for cache invalidations again; every cache was cleared')
    },
    onError(error) {
      log.warn({ err: error }, 'Listening for cache invalidations failed; reconnecting')
    },
  })
  return {
    kind: 'postgres',
    async publish(topic: CacheTopic, key: string = NO_KEY) {
      listeners.forget(topic, key)
      try {
        await db.$executeRaw`SELECT pg_notify(${CACHE_CHANNEL}, ${cachePayload(topic, key, source)})`
      } catch (error) {
        log.warn({ err: error, topic }, 'A cache invalidation was not broadcast; other instances follow within its TTL')
      }
    },
    async publishInTransaction(tx, topic, key) {
      listeners.forget(topic, key)
      await notifyInTransaction(tx, topic, key)
    },
    subscribe: (topic, cacheListener) => listeners.add(topic, cacheListener),
    close: () => listener.close(),
  }
}

/**
 * Sends an invalidation from inside the caller's transaction: every instance listening on this
 * database forgets `key` when (and only if) the transaction commits. For a process without caches
 * of its own (the command line); a server instance uses its bus's `publishInTransaction`, which also
 * clears its own caches at once. On PGlite nobody listens, and the statement costs a round trip.
 */
export async function notifyInTransaction(
  tx: Db | Prisma.TransactionClient,
  topic: CacheTopic,
  key: string,
): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${CACHE_CHANNEL}, ${cachePayload(topic, key)})`
}
