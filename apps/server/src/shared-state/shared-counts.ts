import type { RateLimitPluginOptions } from '@fastify/rate-limit'
import type { Redis } from 'ioredis'

import { LoginThrottle, type AttemptThrottle } from '../identity/local/login-throttle.ts'
import { RedisAttemptThrottle, type RedisThrottleLog } from '../identity/local/redis-attempt-throttle.ts'

/** What @fastify/rate-limit is given to count in: its own memory unless a store is named. */
export type RateLimitStore = Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'skipOnError'>

/** The counts that slow down clients: the rate limit and the attempt throttles. */
export interface SharedCounts {
  /** Spread into @fastify/rate-limit's options. */
  rateLimitStore: RateLimitStore
  /**
   * The throttle named `name` (`sign-in`, `sign-up`, ...): at most `maxAttempts` per key per `windowMs`.
   * The name is the counter: asking twice for one name gives the same counts.
   */
  attemptThrottle(name: string, maxAttempts: number, windowMs: number): AttemptThrottle
}

/** Each process counts on its own: no extra service to run for one instance. */
export function memoryCounts(): SharedCounts {
  return {
    rateLimitStore: {},
    attemptThrottle: byName((_name, maxAttempts, windowMs) => new LoginThrottle({ maxAttempts, windowMs })),
  }
}

/**
 * Every instance counts in one Redis, so N instances do not allow N times the limit. While Redis is
 * down requests go through the rate limit, and the throttles count on this instance (never unlimited).
 */
export function redisCounts(redis: Redis, log: RedisThrottleLog): SharedCounts {
  return {
    rateLimitStore: { redis, nameSpace: 'promptly:rate-limit:', skipOnError: true },
    attemptThrottle: byName((name, maxAttempts, windowMs) => {
      const fallback = new LoginThrottle({ maxAttempts, windowMs })
      return new RedisAttemptThrottle(redis, { name, maxAttempts, windowMs, fallback, log })
    }),
  }
}

type ThrottleMaker = (name: string, maxAttempts: number, windowMs: number) => AttemptThrottle

function byName(make: ThrottleMaker): ThrottleMaker {
  const made = new Map<string, AttemptThrottle>()
  return (name, maxAttempts, windowMs) => {
    const throttle = made.get(name) ?? make(name, maxAttempts, windowMs)
    made.set(name, throttle)
    return throttle
  }
}
