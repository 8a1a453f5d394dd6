import { inProcessCacheBus, type CacheBus } from '@promptly/api/caching/cache-bus'
import { postgresCacheBus } from '@promptly/api/caching/postgres-cache-bus'
import type { Db } from '@promptly/db/client'

import type { AppConfig } from '../config/app-config.ts'
import type { RedisLog } from './redis-client.ts'
import { memoryCounts, redisCounts, type SharedCounts } from './shared-counts.ts'
import { postgresLeaderships, soleLeaderships, type SharedLeadership } from './shared-leadership.ts'

/**
 * What the instances of one deployment share: counts (the rate limit and the attempt throttles) in
 * Redis when REDIS_URL is set, the lead of the sweepers by PostgreSQL advisory locks and the caches'
 * invalidations by PostgreSQL NOTIFY when DATABASE_URL is set, and this process's memory otherwise.
 */
export interface SharedState extends SharedCounts, Pick<SharedLeadership, 'leadership'> {
  /**
   * Opens the bus that tells every instance's caches what changed (caching/cache-bus.ts): NOTIFY on
   * the shared PostgreSQL database, or this process alone (PGlite lives in one process). The caller
   * closes it.
   */
  openCacheBus(db: Db): Promise<CacheBus>
  /** /ready's check of the shared Redis (throws while unreachable); null when none is configured. */
  pingRedis: (() => Promise<unknown>) | null
  /** Gives up the leads and closes the Redis connection. */
  close(): Promise<void>
}

/** The one place that decides where shared state lives (services.ts calls it once per app). */
export async function selectSharedState(
  config: Pick<AppConfig, 'redisUrl' | 'database'>,
  log: RedisLog,
): Promise<SharedState> {
  // The Redis client is imported only when a Redis is configured.
  const redis = config.redisUrl ? (await import('./redis-client.ts')).connectRedis(config.redisUrl, log) : null
  const counts = redis ? redisCounts(redis, log) : memoryCounts()
  const leaderships = 'url' in config.database ? postgresLeaderships(config.database.url, log) : soleLeaderships
  return {
    ...counts,
    leadership: (lockKey) => leaderships.leadership(lockKey),
    openCacheBus: (db) =>
      'url' in config.database
        ? postgresCacheBus(db, { url: config.database.url, log })
        : Promise.resolve(inProcessCacheBus()),
    pingRedis: redis && (() => redis.ping()),
    async close() {
      await Promise.all([leaderships.close(), redis?.quit().catch(() => redis.disconnect())])
    },
  }
}
