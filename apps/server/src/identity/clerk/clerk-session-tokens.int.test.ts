import { describe, expect, it, vi } from 'vitest'

import { signInClerkUser } from '../../testing/clerk-test-app.ts'
import { createClerkTestKeys, type ClerkTestKeys } from '../../testing/clerk-test-tokens.ts'
import { useTestApp } from '../../testing/use-test-app.ts'
import { CLERK_CLOCK_SKEW_MS, networklessClerkVerifier, type ClerkTokenVerifier } from './clerk-token-verifier.ts'
import { CLERK_WEBHOOK_PATH } from './clerk-webhook-route.ts'

// Installed before Clerk's SDK loads (services.ts imports it on demand), which binds `fetch` then.
const networkCalls = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network in tests'))

let keys: ClerkTestKeys
/** Every session-token check the server makes, through the real verifier. */
let verifications = 0
/** The server's clock for kept tokens; null: the real one. */
let clock: Date | null = null

const t = useTestApp(async () => {
  keys = await createClerkTestKeys()
  const real = networklessClerkVerifier({ jwtKey: keys.jwtKey })
  const verifyToken: ClerkTokenVerifier = (token) => {
    verifications++
    return real(token)
  }
  return { clerk: { jwtKey: keys.jwtKey, verifyToken, now: () => clock ?? new Date() } }
})

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const meWith = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json<{
    user: { clerkId: string } | null
  }>().user

describe('Clerk session tokens verified with the JWT key', () => {
  it('verifies a token once: every later request with it, through any door, costs no verification', async () => {
    const before = verifications
    const ada = await signInClerkUser(t.app, keys, { name: 'Ada' })
    expect(verifications - before).toBe(1)
    for (const url of ['/api/auth/me', '/api/v1/limits', '/trpc/credits.limits', '/api/auth/me']) {
      const res = await t.app.inject({ method: 'GET', url, headers: ada.bearer })
      expect(res.statusCode, url).toBe(200)
    }
    expect((await meWith(ada.token))?.clerkId).toBe(ada.clerkId)
    expect(verifications - before).toBe(1)
    // Clerk's script mints a new token every minute: that one is verified once too.
    await meWith(await ada.freshToken())
    expect(verifications - before).toBe(2)
  })

  it("refuses a kept token once its own exp has passed, by the server's clock", async () => {
    const grace = await signInClerkUser(t.app, keys, { lifetimeSeconds: 60 })
    expect((await meWith(grace.token))?.clerkId).toBe(grace.clerkId)
    try {
      clock = new Date(Date.now() + 60_000 + CLERK_CLOCK_SKEW_MS + 1_000)
      expect(await meWith(grace.token)).toBeNull()
      const limits = await t.app.inject({ method: 'GET', url: '/api/v1/limits', headers: grace.bearer })
      expect(limits.statusCode).toBe(401)
    } finally {
      clock = null
    }
  })

  it('answers made-up and forged tokens signed out, checking with the key only those shaped like one', async () => {
    const before = verifications
    for (let i = 0; i < 50; i++) expect(await meWith(`made.up.token${i}`)).toBeNull()
    expect(verifications - before).toBe(0)
    const stranger = await createClerkTestKeys()
    const forged = await stranger.sessionToken('user_forged')
    for (let i = 0; i < 3; i++) expect(await meWith(forged)).toBeNull()
    // Refusals are not kept: each time, the forged token is checked again (and refused again).
    expect(verifications - before).toBe(3)
  })

  it('serves no Clerk webhook without CLERK_WEBHOOK_SIGNING_SECRET', async () => {
    const res = await t.app.inject({ method: 'POST', url: CLERK_WEBHOOK_PATH, payload: { type: 'session.ended' } })
    expect(res.statusCode).toBe(404)
  })

  it('never called the network, and never ran Clerk’s plugin (no JWKS fetch)', () => {
    expect(networkCalls).not.toHaveBeenCalled()
  })
})
