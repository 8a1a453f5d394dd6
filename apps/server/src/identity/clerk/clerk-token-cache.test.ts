import { describe, expect, it } from 'vitest'

import { inProcessCacheBus, type CacheBus } from '@promptly/api/caching/cache-bus'
import { CacheListeners } from '@promptly/api/caching/cache-topics'

import { createClerkTestKeys } from '../../testing/clerk-test-tokens.ts'
import { CLERK_TOKEN_CACHE_MAX_ENTRIES, ClerkTokenCache } from './clerk-token-cache.ts'
import { CLERK_CLOCK_SKEW_MS, networklessClerkVerifier, type ClerkTokenVerifier } from './clerk-token-verifier.ts'
import { CLERK_ENDED_SESSION_MEMORY_MS, EndedClerkSessions } from './ended-clerk-sessions.ts'

const keys = await createClerkTestKeys()
const realVerifier = networklessClerkVerifier({ jwtKey: keys.jwtKey })

/** The in-process bus, which can also do what a PostgreSQL bus does on reconnecting: have every cache forget all. */
function reconnectableBus(): CacheBus & { reconnect(): void } {
  const bus = inProcessCacheBus()
  const heard = new CacheListeners()
  return {
    ...bus,
    subscribe(topic, listener) {
      heard.add(topic, listener)
      return bus.subscribe(topic, listener)
    },
    reconnect: () => heard.forgetAll(),
  }
}

/** A cache on its own bus, with the real verifier counted and a clock the test moves. */
function tokenCache({ verify = realVerifier }: { verify?: ClerkTokenVerifier } = {}) {
  const bus = reconnectableBus()
  let clock = new Date()
  const now = () => clock
  let verifications = 0
  const counted: ClerkTokenVerifier = (token) => {
    verifications++
    return verify(token)
  }
  const ended = new EndedClerkSessions(bus, { now })
  const cache = new ClerkTokenCache(bus, { verify: counted, ended, now })
  return {
    bus,
    cache,
    ended,
    verifications: () => verifications,
    advance: (ms: number) => {
      clock = new Date(clock.getTime() + ms)
    },
  }
}

const secondsFromNow = (seconds: number) => Math.floor(Date.now() / 1000) + seconds

describe('the Clerk token cache', () => {
  it('verifies a token once, then answers it from the cache, with no I/O, until it expires', async () => {
    const { cache, verifications, advance } = tokenCache()
    const token = await keys.sessionToken('user_ada', { sid: 'sess_ada', exp: secondsFromNow(60) })
    expect(cache.peek(token)).toBeUndefined()
    const first = await cache.verified(token)
    expect(first).toMatchObject({ clerkUserId: 'user_ada', sessionId: 'sess_ada' })
    expect(await cache.verified(token)).toEqual(first)
    expect(cache.peek(token)).toEqual(first)
    expect(verifications()).toBe(1)

    // Past exp and Clerk's skew by the cache's clock: refused, though its signature would still verify now.
    advance(60_000 + CLERK_CLOCK_SKEW_MS + 1_000)
    expect(cache.peek(token)).toBeUndefined()
    expect(await cache.verified(token)).toBeNull()
    expect(cache.size).toBe(0)
  })

  it('shares one verification between concurrent first requests with a token', async () => {
    const { cache, verifications } = tokenCache()
    const token = await keys.sessionToken('user_many')
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.verified(token)))
    expect(answers.every((found) => found?.clerkUserId === 'user_many')).toBe(true)
    expect(verifications()).toBe(1)
  })

  it('keeps no refusal: a flood of made-up, forged and expired tokens leaves it as it was', async () => {
    const { cache, verifications } = tokenCache()
    await cache.verified(await keys.sessionToken('user_kept'))
    const stranger = await createClerkTestKeys()
    const forged = await Promise.all(Array.from({ length: 30 }, (_, i) => stranger.sessionToken(`user_${i}`)))
    const expired = await keys.sessionToken('user_late', { iat: secondsFromNow(-120), exp: secondsFromNow(-60) })
    const junk = Array.from({ length: CLERK_TOKEN_CACHE_MAX_ENTRIES + 50 }, (_, i) => `junk.${i}.token`)
    const refused = await Promise.all([...forged, expired, ...junk, 'x'.repeat(100_000)].map((t) => cache.verified(t)))
    expect(refused.every((found) => found === null)).toBe(true)
    expect(cache.size).toBe(1)
    // Junk that is not shaped like a session token never reached the verifier.
    expect(verifications()).toBe(1 + forged.length + 1)
  })

  it('drops and refuses every token of an ended session, fresh ones too, and no other session', async () => {
    const { bus, cache } = tokenCache()
    const cached = await keys.sessionToken('user_bob', { sid: 'sess_phone' })
    const laptop = await keys.sessionToken('user_bob', { sid: 'sess_laptop' })
    expect(await cache.verified(cached)).not.toBeNull()
    expect(await cache.verified(laptop)).not.toBeNull()

    await bus.publish('clerkSession', 'sess_phone')
    expect(cache.peek(cached)).toBeUndefined()
    expect(await cache.verified(cached)).toBeNull()
    const fresh = await keys.sessionToken('user_bob', { sid: 'sess_phone', iat: secondsFromNow(0) })
    expect(await cache.verified(fresh)).toBeNull()
    expect(cache.peek(laptop)?.sessionId).toBe('sess_laptop')
    expect(await cache.verified(await keys.sessionToken('user_bob', { sid: 'sess_laptop' }))).not.toBeNull()
  })

  it('does not keep a token whose session ended while it was being verified', async () => {
    let release = () => {}
    const held: ClerkTokenVerifier = async (token) => {
      await new Promise<void>((resolve) => (release = resolve))
      return realVerifier(token)
    }
    const { bus, cache } = tokenCache({ verify: held })
    const token = await keys.sessionToken('user_racer', { sid: 'sess_racer' })
    const verifying = cache.verified(token)
    await bus.publish('clerkSession', 'sess_racer')
    release()
    expect(await verifying).toBeNull()
    expect(cache.size).toBe(0)
  })

  it('forgets its tokens when the bus reconnects, but not which sessions ended', async () => {
    const { bus, cache, ended } = tokenCache()
    const token = await keys.sessionToken('user_carol', { sid: 'sess_carol' })
    await cache.verified(token)
    await bus.publish('clerkSession', 'sess_gone')
    bus.reconnect()
    expect(cache.size).toBe(0)
    expect(ended.has('sess_gone')).toBe(true)
  })

  it('remembers an ended session for as long as any of its tokens could still be valid, then forgets it', () => {
    const { ended, advance } = tokenCache()
    ended.end('sess_old')
    advance(CLERK_ENDED_SESSION_MEMORY_MS - 1_000)
    ended.end('sess_new')
    expect([ended.has('sess_old'), ended.has('sess_new')]).toEqual([true, true])
    advance(2_000)
    expect([ended.has('sess_old'), ended.has('sess_new')]).toEqual([false, true])
    ended.end('sess_newest')
    expect(ended.size).toBe(2)
  })
})
