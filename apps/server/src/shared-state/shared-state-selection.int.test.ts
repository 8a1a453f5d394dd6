import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createTestDatabase } from '@promptly/db/testing/test-database'

import { createTestApp } from '../testing/test-app.ts'
import { selectSharedState, type SharedState } from './shared-state.ts'

const redisUrl = process.env.TEST_REDIS_URL
const silent = { info: () => undefined, warn: () => undefined }
const WINDOW_MS = 15 * 60_000
const IN_PROCESS = { pgliteDir: 'memory://' }

const opened: SharedState[] = []
/** One instance's shared state, as buildServices selects it from the config. */
async function instance(redis: string | null, database: { url: string } | { pgliteDir: string } = IN_PROCESS) {
  const state = await selectSharedState({ redisUrl: redis, database }, silent)
  opened.push(state)
  return state
}
/**
 * One instance on Redis, once connected: until then its commands fail at once (no offline queue)
 * and the throttles count on the instance, as they do while Redis is down.
 */
async function connectedInstance(url: string): Promise<SharedState> {
  const state = await instance(url)
  await vi.waitFor(() => state.pingRedis!(), { timeout: 10_000 })
  return state
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((state) => state.close()))
})

/** Attempts until the throttle refuses, at most `limit` + 1; returns how many were allowed. */
async function allowedAttempts(state: SharedState, name: string, key: string, limit: number): Promise<number> {
  let allowed = 0
  for (let i = 0; i <= limit; i++) {
    if ((await state.attemptThrottle(name, limit, WINDOW_MS).attempt(key)).allowed) allowed += 1
  }
  return allowed
}

/** A lock key of this run's own, so parallel runs on one server never share a lead. */
const freshLockKey = () => 2_100_000_000 + Math.floor(Math.random() * 40_000_000)

describe('shared state without REDIS_URL or DATABASE_URL: this process alone', () => {
  it('counts each instance on its own, with the rate limit in its own memory', async () => {
    const [first, second] = await Promise.all([instance(null), instance(null)])
    const name = `test-${randomUUID()}`
    expect(await allowedAttempts(first, name, 'ada', 3)).toBe(3)
    // The same name asked for again is the same counter: still refused on this instance.
    expect((await first.attemptThrottle(name, 3, WINDOW_MS).attempt('ada')).allowed).toBe(false)
    expect(await allowedAttempts(second, name, 'ada', 3)).toBe(3)
    expect(first.rateLimitStore).toEqual({})
    expect(first.pingRedis).toBeNull()
  })

  it('leads alone, every instance', async () => {
    const key = freshLockKey()
    expect(await (await instance(null)).leadership(key).leads()).toBe(true)
    expect(await (await instance(null)).leadership(key).leads()).toBe(true)
  })
})

describe.runIf(redisUrl)('shared state with REDIS_URL', () => {
  it('shares one throttle count between two instances', async () => {
    const [first, second] = [await connectedInstance(redisUrl!), await connectedInstance(redisUrl!)]
    const name = `test-${randomUUID()}`
    const attempt = (state: SharedState) => state.attemptThrottle(name, 3, WINDOW_MS).attempt('ada')
    const decisions = []
    for (const state of [first, second, first, second]) decisions.push((await attempt(state)).allowed)
    expect(decisions).toEqual([true, true, true, false])
    expect((await attempt(first)).allowed).toBe(false)
  })

  it('has the rate limit count in Redis, letting requests through while it is down', async () => {
    const { rateLimitStore } = await instance(redisUrl!)
    expect(rateLimitStore).toMatchObject({ nameSpace: 'promptly:rate-limit:', skipOnError: true })
    expect(rateLimitStore.redis).toBeDefined()
  })

  it('answers the readiness check while connected, and lets the connection go on close', async () => {
    const state = await connectedInstance(redisUrl!)
    await expect(state.pingRedis!()).resolves.toBe('PONG')
    await state.close()
    await expect(state.pingRedis!()).rejects.toThrow()
  })

  it('still leads alone on an in-process database: Redis holds counts, not leads', async () => {
    const key = freshLockKey()
    expect(await (await instance(redisUrl!)).leadership(key).leads()).toBe(true)
    expect(await (await instance(redisUrl!)).leadership(key).leads()).toBe(true)
  })
})

describe.runIf(process.env.TEST_DB === 'postgres')('shared state with DATABASE_URL', () => {
  it('gives the lead to one instance of two on one database, and to the other once it closes', async () => {
    const db = await createTestDatabase({ migrate: false })
    try {
      const key = freshLockKey()
      const [first, second] = await Promise.all([instance(null, { url: db.url! }), instance(null, { url: db.url! })])
      const leads = [await first.leadership(key).leads(), await second.leadership(key).leads()]
      expect(leads.filter(Boolean)).toHaveLength(1)
      // Asked again for the same role, an instance answers for the lead it holds, not a rival of its own.
      expect(await first.leadership(key).leads()).toBe(leads[0])

      const [leader, follower] = leads[0] ? [first, second] : [second, first]
      await leader.close()
      expect(await follower.leadership(key).leads()).toBe(true)
    } finally {
      await db.close()
    }
  })

  it("is the app's services' to give up: closing the app hands the lead on", async () => {
    // Built by hand, not by useTestApp: the test itself closes the app halfway through.
    const t = await createTestApp()
    try {
      const key = freshLockKey()
      expect(await t.services.sharedState.leadership(key).leads()).toBe(true)
      const other = await instance(null, { url: t.db.url! })
      expect(await other.leadership(key).leads()).toBe(false)
      await t.app.close()
      expect(await other.leadership(key).leads()).toBe(true)
    } finally {
      await t.close()
    }
  })
})
