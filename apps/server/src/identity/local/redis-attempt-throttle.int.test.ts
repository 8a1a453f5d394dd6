import { randomUUID } from 'node:crypto'
import { Redis, type RedisOptions } from 'ioredis'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'

import { LoginThrottle } from './login-throttle.ts'
import { RedisAttemptThrottle } from './redis-attempt-throttle.ts'

const WINDOW_MS = 15 * 60_000
const silent = pino({ level: 'silent' })
const redisUrl = process.env.TEST_REDIS_URL
const clients: Redis[] = []

function client(url: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, { lazyConnect: true, ...options })
  clients.push(redis)
  return redis
}

/** A throttle as one instance has it, on its own connection, with its own in-process fallback. */
function instanceThrottle(redis: Redis, name: string) {
  const fallback = new LoginThrottle({ maxAttempts: 5, windowMs: WINDOW_MS })
  return new RedisAttemptThrottle(redis, { name, maxAttempts: 5, windowMs: WINDOW_MS, fallback, log: silent })
}

afterAll(async () => {
  await Promise.all(clients.map((redis) => redis.quit().catch(() => redis.disconnect())))
})

describe.runIf(redisUrl)('the sign-in throttle shared through Redis', () => {
  it('gives two instances one window of 5 attempts between them, then refuses on both', async () => {
    const name = `sign-in-${randomUUID()}`
    const [first, second] = [instanceThrottle(client(redisUrl!), name), instanceThrottle(client(redisUrl!), name)]
    const key = LoginThrottle.keyFor('ada@example.com', '203.0.113.7')
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => (n % 2 ? first : second).attempt(key)))
    expect(answers).toEqual(Array(5).fill({ allowed: true }))
    for (const throttle of [first, second]) {
      const refused = await throttle.attempt(key)
      expect(refused.allowed).toBe(false)
      if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(14 * 60)
    }
    expect(await first.attempt(LoginThrottle.keyFor('ada@example.com', '198.51.100.1'))).toEqual({ allowed: true })
  })

  it('forgets a key on every instance once its password is right, and stores no address', async () => {
    const name = `sign-in-${randomUUID()}`
    const redis = client(redisUrl!)
    const [first, second] = [instanceThrottle(redis, name), instanceThrottle(client(redisUrl!), name)]
    const key = LoginThrottle.keyFor('bob@example.com', '203.0.113.9')
    for (let i = 0; i < 5; i++) await first.attempt(key)
    expect((await second.attempt(key)).allowed).toBe(false)
    await first.succeeded(key)
    expect(await second.attempt(key)).toEqual({ allowed: true })
    const keys = await redis.keys(`promptly:throttle:${name}:*`)
    expect(keys).toHaveLength(1)
    expect(keys[0]).not.toMatch(/bob|203\.0/)
  })
})

describe.runIf(redisUrl)('forgiving an attempt through Redis', () => {
  it('takes one attempt off the count both instances share, and only one', async () => {
    const name = `sign-in-client-${randomUUID()}`
    const [first, second] = [instanceThrottle(client(redisUrl!), name), instanceThrottle(client(redisUrl!), name)]
    const key = LoginThrottle.clientKeyFor('203.0.113.11')
    for (let i = 0; i < 5; i++) await (i % 2 ? first : second).attempt(key)
    await first.forgiveAttempt(key)
    expect(await second.attempt(key)).toEqual({ allowed: true })
    expect((await first.attempt(key)).allowed).toBe(false)
  })

  it('leaves no count behind for a key whose window has ended', async () => {
    const name = `sign-in-client-${randomUUID()}`
    const redis = client(redisUrl!)
    await instanceThrottle(redis, name).forgiveAttempt(LoginThrottle.clientKeyFor('203.0.113.12'))
    expect(await redis.keys(`promptly:throttle:${name}:*`)).toEqual([])
  })
})

describe('the shared throttle while Redis cannot be reached', () => {
  it('counts on this instance instead, so the limit still holds', async () => {
    // Nothing listens on port 1; no retries or queueing, so each command fails at once.
    const unreachable = client('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, enableOfflineQueue: false })
    const throttle = instanceThrottle(unreachable, 'sign-in')
    const key = LoginThrottle.keyFor('eve@example.com', '198.51.100.4')
    for (let i = 0; i < 5; i++) expect(await throttle.attempt(key)).toEqual({ allowed: true })
    expect((await throttle.attempt(key)).allowed).toBe(false)
    await throttle.succeeded(key)
    expect(await throttle.attempt(key)).toEqual({ allowed: true })
  })

  it('forgives an attempt on this instance instead', async () => {
    const unreachable = client('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, enableOfflineQueue: false })
    const throttle = instanceThrottle(unreachable, 'sign-in-client')
    const key = LoginThrottle.clientKeyFor('198.51.100.5')
    for (let i = 0; i < 5; i++) await throttle.attempt(key)
    await throttle.forgiveAttempt(key)
    expect(await throttle.attempt(key)).toEqual({ allowed: true })
    expect((await throttle.attempt(key)).allowed).toBe(false)
  })
})
