import { Redis } from 'ioredis'

export interface RedisLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

/**
 * The connection to the Redis that instances share (REDIS_URL). Commands fail at once while it is
 * down rather than queueing (each user falls back: the rate limit lets requests through, the
 * throttles count on this instance, /ready answers 503), and it reconnects on its own. Losing and
 * regaining the connection is logged once each, not at every reconnection attempt.
 */
export function connectRedis(url: string, log: RedisLog): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 })
  let reachable: boolean | null = null
  redis.on('ready', () => {
    if (reachable !== true) log.info({ redis: redactedUrl(url) }, 'Redis connected')
    reachable = true
  })
  redis.on('error', (error: Error) => {
    if (reachable !== false) log.warn({ redis: redactedUrl(url), err: error }, 'Redis unreachable')
    reachable = false
  })
  return redis
}

/** The URL without its password, for the log. */
function redactedUrl(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}
