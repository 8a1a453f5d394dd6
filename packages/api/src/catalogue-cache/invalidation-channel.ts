import { randomUUID } from 'node:crypto'

import type { Db, Prisma } from '@promptly/db/client'
import { listenForNotifications, type ListenerBackoff } from '@promptly/db/notification-listener'

import {
  forgetAllKeysLocally,
  forgetKeyLocally,
  keyedPayload,
  parseKeyedPayload,
  type CacheTopic,
} from '../keyed-cache/keyed-invalidations.ts'
import { attachCatalogueInvalidations, catalogueCacheFor, type CatalogueInvalidations } from './catalogue-cache.ts'

/**
 * The NOTIFY channel every instance on one database listens on: catalogue changes, and the per-key
 * invalidations of the caches of sessions and bookmark sets (keyed-cache/keyed-invalidations.ts).
 */
export const CATALOGUE_CHANNEL = 'promptly_catalogue_changed'
/** How the listening connection shows in pg_stat_activity. */
export const CATALOGUE_LISTENER_NAME = 'promptly-catalogue-invalidations'

/** The part of a pino logger the channel uses. */
export interface InvalidationLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

/**
 * For PGlite: the database lives in this one process, so no other instance can be serving it and
 * clearing this process's cache reaches every reader there is.
 */
export function inProcessCatalogueInvalidations(db: Db): CatalogueInvalidations {
  const invalidations: CatalogueInvalidations = {
    kind: 'in-process',
    async publish() {
      catalogueCacheFor(db).invalidate()
    },
    async publishKey(topic, key) {
      forgetKeyLocally(db, topic, key)
    },
    async close() {
      detach()
    },
  }
  const detach = attachCatalogueInvalidations(db, invalidations)
  return invalidations
}

export interface PostgresInvalidationsOptions {
  /** The database `db` is connected to: the listener opens its own connection there. */
  url: string
  log: InvalidationLog
  backoff?: ListenerBackoff
}

/**
 * For PostgreSQL, where several instances share the database: a change is broadcast with NOTIFY and
 * every instance LISTENs on a dedicated connection, clearing its cache when another instance's
 * notification arrives. Resolves once this instance is listening.
 *
 * When the NOTIFY is sent: `publish` runs it as a statement of its own (autocommit, on a pooled
 * connection), after the caller's write committed; PostgreSQL delivers a notification when the
 * transaction that sent it commits, so here at once, and never for a write that rolled back (the
 * caller invalidates only after its write succeeded). What this leaves open is an instance dying
 * between its commit and its NOTIFY; the cache TTL bounds that.
 *
 * A catalogue change's payload is the sending instance's random id and nothing else: it says only
 * "the catalogue changed", and the id lets the sender skip its own (it cleared its cache before
 * sending). A per-key invalidation's payload is `<topic>:<key>` (a token hash or a user id, never a
 * secret), with the sender's id after it when sent by `publishKey`, whose caller's change has
 * committed and whose sender has cleared its caches already. One sent inside a transaction
 * (notifyKeyInTransaction) names no sender, and every instance acts on it, the sender too: it
 * arrives only once that transaction has committed, which is exactly when the sender's own caches
 * must forget what they may have re-read in between.
 *
 * While the listening connection is down, notifications are lost; on reconnecting every cache is
 * cleared, since any of them may have been missed.
 */
export async function postgresCatalogueInvalidations(
  db: Db,
  { url, log, backoff }: PostgresInvalidationsOptions,
): Promise<CatalogueInvalidations> {
  const source = randomUUID()
  const cache = catalogueCacheFor(db)
  const listener = await listenForNotifications({
    url,
    channel: CATALOGUE_CHANNEL,
    applicationName: CATALOGUE_LISTENER_NAME,
    ...(backoff && { backoff }),
    onNotification(payload) {
      const keyed = parseKeyedPayload(payload)
      if (!keyed) {
        if (payload !== source) cache.invalidate()
      } else if (keyed.source !== source) {
        forgetKeyLocally(db, keyed.topic, keyed.key)
      }
    },
    onReconnect() {
      cache.invalidate()
      forgetAllKeysLocally(db)
      log.info({}, 'Listening for catalogue changes again; the catalogue cache was cleared')
    },
    onError(error) {
      log.warn({ err: error }, 'Listening for catalogue changes failed; reconnecting')
    },
  })
  const invalidations: CatalogueInvalidations = {
    kind: 'postgres',
    async publish() {
      cache.invalidate()
      try {
        await db.$executeRaw`SELECT pg_notify(${CATALOGUE_CHANNEL}, ${source})`
      } catch (error) {
        log.warn({ err: error }, 'A catalogue change was not broadcast; other instances follow within the cache TTL')
      }
    },
    async publishKey(topic, key) {
      forgetKeyLocally(db, topic, key)
      try {
        await db.$executeRaw`SELECT pg_notify(${CATALOGUE_CHANNEL}, ${keyedPayload(topic, key, source)})`
      } catch (error) {
        log.warn({ err: error, topic }, 'A cache invalidation was not broadcast; other instances follow within its TTL')
      }
    },
    async close() {
      detach()
      await listener.close()
    },
  }
  const detach = attachCatalogueInvalidations(db, invalidations)
  return invalidations
}

/**
 * Sends a per-key invalidation from inside the caller's transaction: every instance listening on
 * this database, this one included, forgets `key` when (and only if) the transaction commits. For a
 * write that cannot tell which database handle it runs on; the caller also clears its own process.
 * On PGlite nobody listens, and the statement costs a round trip and nothing else.
 */
export async function notifyKeyInTransaction(
  tx: Db | Prisma.TransactionClient,
  topic: CacheTopic,
  key: string,
): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${CATALOGUE_CHANNEL}, ${keyedPayload(topic, key)})`
}
