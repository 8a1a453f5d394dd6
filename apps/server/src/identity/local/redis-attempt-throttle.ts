import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'

import type { AttemptThrottle, ThrottleDecision } from './login-throttle.ts'

/**
 * One attempt, atomically: the count goes up, the first attempt of a window starts its expiry, and
 * the answer carries the count and the time the window has left.
 */
const ATTEMPT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }
`

/**
 * One attempt taken back, atomically: only from a window that still runs (a DECR of a key that has
 * expired would start a count of -1 that never expires), and never below zero. The expiry stays.
 */
const FORGIVE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]))
if count and count > 0 then redis.call('DECR', KEYS[1]) end
return 1
`

/** Where a throttle says that Redis could not be reached. */
export interface RedisThrottleLog {
  warn(details: object, message: string): void
}

export interface RedisAttemptThrottleOptions {
  /** Names the counter (`sign-in`, `sign-in-client`, `sign-up`, `reset`): each throttle has keys of its own. */
  name: string
  maxAttempts: number
  windowMs: number
  /** Counts on this instance while Redis cannot be reached, so a Redis outage never lifts the limit. */
  fallback: AttemptThrottle
  log: RedisThrottleLog
}

/**
 * The sign-in (per pair and per client), sign-up and reset throttles shared by every instance
 * through Redis, with the same windows as LoginThrottle: N instances still allow N attempts in all,
 * not N times N. Keys are hashed, so no e-mail address or client address is written to Redis.
 */
export class RedisAttemptThrottle implements AttemptThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly options: RedisAttemptThrottleOptions,
  ) {}

  async attempt(key: string): Promise<ThrottleDecision> {
    const { maxAttempts, windowMs, fallback } = this.options
    try {
      const [count, ttlMs] = (await this.redis.eval(ATTEMPT_SCRIPT, 1, this.redisKey(key), windowMs)) as [
        number,
        number,
      ]
      if (count <= maxAttempts) return { allowed: true }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) }
    } catch (error) {
      this.unreachable(error)
      return fallback.attempt(key)
    }
  }

  async succeeded(key: string): Promise<void> {
    await this.options.fallback.succeeded(key)
    try {
      await this.redis.del(this.redisKey(key))
    } catch (error) {
      this.unreachable(error)
    }
  }

  /**
   * Taken back where it was most likely counted: in Redis, or on this instance while Redis cannot be
   * reached. An attempt counted during an outage and forgiven after it comes off Redis's count, one
   * failure too few at worst.
   */
  async forgiveAttempt(key: string): Promise<void> {
    try {
      await this.redis.eval(FORGIVE_SCRIPT, 1, this.redisKey(key))
    } catch (error) {
      this.unreachable(error)
      await this.options.fallback.forgiveAttempt(key)
    }
  }

  private redisKey(key: string): string {
    return `promptly:throttle:${this.options.name}:${createHash('sha256').update(key).digest('hex')}`
  }

  private unreachable(error: unknown): void {
    this.options.log.warn({ err: error, throttle: this.options.name }, 'Redis unreachable: counting on this instance')
  }
}
