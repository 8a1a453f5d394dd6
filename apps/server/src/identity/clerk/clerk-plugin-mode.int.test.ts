import { createPublicKey } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'

import { signInClerkUser } from '../../testing/clerk-test-app.ts'
import { createClerkTestKeys, type ClerkTestKeys } from '../../testing/clerk-test-tokens.ts'
import { clerkWebhookSecret, sessionEvent, signedClerkDelivery } from '../../testing/clerk-webhook-deliveries.ts'
import { useTestApp } from '../../testing/use-test-app.ts'
import { CLERK_JWT_KEY_WARNING } from './clerk-identity.ts'

let keys: ClerkTestKeys
/** Clerk's Backend API as far as the plugin needs it: the instance's JWKS, its public key under the tokens' kid. */
const clerkApi = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
  const url = input instanceof Request ? input.url : String(input)
  if (!url.endsWith('/v1/jwks')) throw new Error(`no network in tests: ${url}`)
  const jwk = createPublicKey(keys.jwtKey).export({ format: 'jwk' })
  return Response.json({ keys: [{ ...jwk, kid: 'ins_test', alg: 'RS256', use: 'sig' }] })
})

const log: string[] = []
const logStream = new PassThrough().on('data', (line: Buffer) => log.push(line.toString()))
const secret = clerkWebhookSecret()
// No JWT key: as a deployment without CLERK_JWT_KEY runs.
const t = useTestApp(async () => {
  keys = await createClerkTestKeys()
  return {
    seed: true,
    clerk: {},
    logStream,
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000', CLERK_WEBHOOK_SIGNING_SECRET: secret },
  }
})

const LIST = `/trpc/tools.byCategory?input=${encodeURIComponent(JSON.stringify({ json: { category: 'All Tools' } }))}`

describe('Clerk without CLERK_JWT_KEY', () => {
  it("verifies session tokens with Clerk's plugin, against the keys fetched from Clerk", async () => {
    const ada = await signInClerkUser(t.app, keys, { name: 'Ada' })
    expect(ada.user).toMatchObject({ name: 'Ada', clerkId: ada.clerkId })
    expect(clerkApi).toHaveBeenCalled()
  })

  it('leaves Clerk users to the stack: their list never comes from the fast path', async () => {
    const grace = await signInClerkUser(t.app, keys)
    for (let ask = 0; ask < 3; ask++) {
      const res = await t.app.inject({ method: 'GET', url: LIST, headers: grace.bearer })
      expect(res.statusCode).toBe(200)
      expect(res.headers['x-fast-path']).toBeUndefined()
    }
  })

  it('still refuses the tokens of a session Clerk ended', async () => {
    const bob = await signInClerkUser(t.app, keys)
    const ended = signedClerkDelivery(secret, sessionEvent('session.removed', bob.sessionId, bob.clerkId))
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/clerk', ...ended })).statusCode).toBe(200)
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bob.bearer })
    expect(me.json()).toEqual({ user: null })
  })

  it('tells the operator once, at start-up, to set CLERK_JWT_KEY', () => {
    const warnings = log.filter((line) => line.includes('CLERK_JWT_KEY is not set'))
    expect(warnings).toHaveLength(1)
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, msg: CLERK_JWT_KEY_WARNING })
  })
})
