import { describe, expect, it, vi } from 'vitest'

import { OTHER_ROUTE_ACCESS } from '../../testing/authorization/other-route-access.ts'
import { signInClerkUser, type ClerkTestCaller } from '../../testing/clerk-test-app.ts'
import { createClerkTestKeys, type ClerkTestKeys } from '../../testing/clerk-test-tokens.ts'
import { clerkWebhookSecret, sessionEvent, signedClerkDelivery } from '../../testing/clerk-webhook-deliveries.ts'
import { routeTable } from '../../testing/fuzz/route-table.ts'
import { useSecondInstance } from '../../testing/second-instance.ts'
import { useTestApp } from '../../testing/use-test-app.ts'
import { CLERK_WEBHOOK_PATH, SESSION_ENDING_EVENTS } from './clerk-webhook-route.ts'

// Installed before Clerk's SDK loads (services.ts imports it on demand), which binds `fetch` then.
vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network in tests'))

const secret = clerkWebhookSecret()
let keys: ClerkTestKeys
const t = useTestApp(async () => {
  keys = await createClerkTestKeys()
  // The key in the environment too: a second instance built from the config verifies the same way.
  return {
    clerk: { jwtKey: keys.jwtKey },
    env: { CLERK_JWT_KEY: keys.jwtKey, CLERK_WEBHOOK_SIGNING_SECRET: secret },
  }
})

const signedInAs = async (token: string, app = t.app) =>
  (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).json<{
    user: { clerkId: string } | null
  }>().user?.clerkId ?? null

function deliver(delivery: { headers: Record<string, string>; payload: string }, app = t.app) {
  return app.inject({ method: 'POST', url: CLERK_WEBHOOK_PATH, ...delivery })
}

/** One Clerk user signed in on two devices: two sessions. */
async function twoDevices(): Promise<{ phone: ClerkTestCaller; laptop: ClerkTestCaller }> {
  const phone = await signInClerkUser(t.app, keys)
  const laptop = await signInClerkUser(t.app, keys, { clerkId: phone.clerkId })
  return { phone, laptop }
}

describe("Clerk's webhook", () => {
  it('is served with its signing secret, and listed in the authorisation matrix as served with it', () => {
    const key = `POST ${CLERK_WEBHOOK_PATH}`
    expect(routeTable(t.app).map((route) => `${route.method} ${route.path}`)).toContain(key)
    expect(OTHER_ROUTE_ACCESS[key]).toMatchObject({ servedWith: 'CLERK_WEBHOOK_SIGNING_SECRET' })
  })

  it.each([...SESSION_ENDING_EVENTS])(
    'on %s refuses the kept token and any fresh token of that session; the other session still works',
    async (type) => {
      const { phone, laptop } = await twoDevices()
      expect(await signedInAs(phone.token)).toBe(phone.clerkId)

      const res = await deliver(signedClerkDelivery(secret, sessionEvent(type, phone.sessionId, phone.clerkId)))
      expect(res.statusCode).toBe(200)
      expect(await signedInAs(phone.token)).toBeNull()
      // Minted before the session ended, still valid by its signature and expiry.
      expect(await signedInAs(await phone.freshToken())).toBeNull()
      expect(await signedInAs(laptop.token)).toBe(laptop.clerkId)
      expect(await signedInAs(await laptop.freshToken())).toBe(laptop.clerkId)
    },
  )

  it('refuses a delivery not signed with the secret (400), and changes nothing', async () => {
    const { phone } = await twoDevices()
    const event = sessionEvent('session.ended', phone.sessionId, phone.clerkId)
    const genuine = signedClerkDelivery(secret, event)
    const forgeries = [
      signedClerkDelivery(clerkWebhookSecret(), event),
      { ...genuine, payload: genuine.payload.replace(phone.sessionId, 'sess_other') },
      { ...genuine, headers: { 'content-type': 'application/json' } },
      signedClerkDelivery(secret, event, { sentAt: new Date(Date.now() - 60 * 60_000) }),
    ]
    for (const forged of forgeries) {
      const res = await deliver(forged)
      expect(res.statusCode).toBe(400)
      expect(res.body).not.toContain(secret)
    }
    expect(await signedInAs(phone.token)).toBe(phone.clerkId)
    expect(await signedInAs(await phone.freshToken())).toBe(phone.clerkId)
  })

  it('acknowledges the events it does not act on, and changes nothing', async () => {
    const { phone } = await twoDevices()
    for (const event of [
      sessionEvent('session.created', phone.sessionId, phone.clerkId),
      { type: 'user.updated', data: { id: phone.clerkId, object: 'user' } },
      { type: 'email.created', data: { object: 'email' } },
    ]) {
      expect((await deliver(signedClerkDelivery(secret, event))).statusCode).toBe(200)
    }
    expect(await signedInAs(phone.token)).toBe(phone.clerkId)
  })

  describe.runIf(process.env.TEST_DB === 'postgres')('with a second instance on the database', () => {
    const other = useSecondInstance(t)

    it('ends the session there too: the token it kept is refused once its bus hears', async () => {
      const { phone, laptop } = await twoDevices()
      expect(await signedInAs(phone.token, other.app)).toBe(phone.clerkId)
      expect(await signedInAs(laptop.token, other.app)).toBe(laptop.clerkId)

      await deliver(signedClerkDelivery(secret, sessionEvent('session.revoked', phone.sessionId, phone.clerkId)))
      // The NOTIFY arrives within milliseconds: wait for that state.
      await expect.poll(() => signedInAs(phone.token, other.app), { interval: 20, timeout: 5_000 }).toBeNull()
      expect(await signedInAs(await phone.freshToken(), other.app)).toBeNull()
      expect(await signedInAs(laptop.token, other.app)).toBe(laptop.clerkId)
    })
  })
})
