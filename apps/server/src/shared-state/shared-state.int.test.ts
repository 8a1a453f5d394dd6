import { describe, expect, it } from 'vitest'

import { uniqueClientAddress } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const redisUrl = process.env.TEST_REDIS_URL

describe('readiness without shared state', () => {
  const t = useTestApp({})

  it('is ready once the database answers, with Redis not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ready' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not configured' } })
  })
})

describe('while the configured Redis cannot be reached', () => {
  // Nothing listens on port 1.
  const t = useTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_PER_MINUTE: '2' } })

  it('is not ready, saying why, and still answers requests', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/ready' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({ status: 'not ready', checks: { database: 'ok', redis: 'unreachable' } })
    // The rate limit lets requests through rather than failing them.
    const remoteAddress = uniqueClientAddress()
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/plans', remoteAddress })
      expect(res.statusCode).toBe(200)
    }
  })

  it('still throttles sign-in guesses, on this instance', async () => {
    const remoteAddress = uniqueClientAddress()
    const payload = { email: 'nobody@example.test', password: 'not the password' }
    const statuses = []
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/local/sign-in', payload, remoteAddress })
      statuses.push(res.statusCode)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
  })
})

describe.runIf(redisUrl)('two instances sharing one Redis', () => {
  // Two apps as two server processes would be, each with its own database: what they share is Redis.
  const env = { REDIS_URL: redisUrl!, RATE_LIMIT_PER_MINUTE: '5' }
  const first = useTestApp({ env })
  const second = useTestApp({ env })

  it('are both ready once connected to Redis', async () => {
    // Not before: the client queues nothing while it connects, so an early PING fails (on a loaded
    // machine the first /ready came too soon). A load balancer polls /ready, and so does this test,
    // each ask as a client of its own: the rate limit counts in Redis, which other runs share.
    for (const t of [first, second]) {
      const ready = async () =>
        (await t.app.inject({ method: 'GET', url: '/ready', remoteAddress: uniqueClientAddress() })).json()
      await expect
        .poll(ready, { timeout: 30_000, interval: 100 })
        .toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } })
    }
  })

  it('share one rate-limit allowance per client: the 6th request is refused by either', async () => {
    const remoteAddress = uniqueClientAddress()
    const call = (t: typeof first) => t.app.inject({ method: 'GET', url: '/api/v1/plans', remoteAddress })
    const statuses = []
    for (const t of [first, second, first, second, first]) statuses.push((await call(t)).statusCode)
    expect(statuses).toEqual([200, 200, 200, 200, 200])
    expect((await call(second)).statusCode).toBe(429)
    expect((await call(first)).statusCode).toBe(429)
  })

  it('share one sign-in throttle: 5 wrong passwords across both, then 429 on either', async () => {
    const remoteAddress = uniqueClientAddress()
    const payload = { email: `guess-${remoteAddress}@example.test`, password: 'not the password' }
    const signIn = (t: typeof first) =>
      t.app.inject({ method: 'POST', url: '/api/auth/local/sign-in', payload, remoteAddress })
    const statuses = []
    for (const t of [first, second, first, second, first]) statuses.push((await signIn(t)).statusCode)
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    expect((await signIn(second)).statusCode).toBe(429)
    expect((await signIn(first)).statusCode).toBe(429)
  })
})
