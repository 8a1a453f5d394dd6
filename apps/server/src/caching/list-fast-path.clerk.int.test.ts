import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { signInClerkUser, type ClerkTestCaller } from '../testing/clerk-test-app.ts'
import { createClerkTestKeys, type ClerkTestKeys } from '../testing/clerk-test-tokens.ts'
import { clerkWebhookSecret, sessionEvent, signedClerkDelivery } from '../testing/clerk-webhook-deliveries.ts'
import { useTestApp } from '../testing/use-test-app.ts'

// Installed before Clerk's SDK loads (services.ts imports it on demand), which binds `fetch` then.
vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network in tests'))

const secret = clerkWebhookSecret()
let keys: ClerkTestKeys
const t = useTestApp(async () => {
  keys = await createClerkTestKeys()
  return {
    seed: true,
    clerk: { jwtKey: keys.jwtKey },
    env: { RATE_LIMIT_PER_MINUTE: '100000', CLERK_WEBHOOK_SIGNING_SECRET: secret },
  }
})

const ALL_TOOLS = encodeURIComponent(JSON.stringify({ json: { category: 'All Tools' } }))
const DOORS = {
  tRPC: `/trpc/tools.byCategory?input=${ALL_TOOLS}`,
  'REST v1': '/api/v1/objects/getObjectByLabel/All%20Tools',
}
type Door = keyof typeof DOORS
const doors = Object.keys(DOORS) as Door[]

const viaFastPath = (res: LightMyRequestResponse) => res.headers['x-fast-path'] === 'hit'
/** The ids an answer of either door marks bookmarked, sorted. */
function markedIn(res: LightMyRequestResponse): string[] {
  const body = res.json<{ result?: { data: { json: Card[] } }; message?: Card[] }>()
  const cards = body.result?.data.json ?? body.message ?? []
  return cards
    .filter((card) => card.isBookmarked)
    .map((card) => card.id)
    .sort()
}
interface Card {
  id: string
  isBookmarked: boolean
}

const list = (door: Door, token: string) =>
  t.app.inject({ method: 'GET', url: DOORS[door], headers: { authorization: `Bearer ${token}` } })

let toolIds: string[]
let ada: ClerkTestCaller

beforeAll(async () => {
  const tools = await t.db.prisma.tool.findMany({ orderBy: { createdAt: 'asc' }, select: { id: true } })
  toolIds = tools.map((tool) => tool.id)
  ada = await signInClerkUser(t.app, keys, { name: 'Ada' })
  for (const toolId of [toolIds[1]!, toolIds[6]!]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/bookmarks.set',
      headers: ada.bearer,
      payload: { json: { toolId, bookmarked: true } },
    })
    expect(res.statusCode).toBe(200)
  }
})

describe('the catalogue list fast path for Clerk users', () => {
  it.each(doors)('answers %s to a Clerk session token exactly as the stack does, with no I/O', async (door) => {
    await t.testApp.services.caches.catalogue.changed()
    const throughStack = await list(door, ada.token)
    expect(viaFastPath(throughStack)).toBe(false)
    const fast = await list(door, ada.token)
    expect(viaFastPath(fast)).toBe(true)
    expect(fast.headers['cache-control']).toBe('private, no-store')
    expect(fast.body).toBe(throughStack.body)
    expect(markedIn(fast)).toEqual([toolIds[1], toolIds[6]].sort())
  })

  it('leaves a token it has not verified, a forged one and an expired one to the stack', async () => {
    const stranger = await createClerkTestKeys()
    const expiredAt = Math.floor(Date.now() / 1000) - 60
    const tokens = {
      'not verified yet': await ada.freshToken(),
      forged: await stranger.sessionToken(ada.clerkId, { sid: ada.sessionId }),
      expired: await keys.sessionToken(ada.clerkId, { sid: ada.sessionId, iat: expiredAt - 60, exp: expiredAt }),
    }
    for (const [what, token] of Object.entries(tokens)) {
      const res = await list('tRPC', token)
      expect(viaFastPath(res), what).toBe(false)
      if (what !== 'not verified yet') expect(markedIn(res), what).toEqual([])
    }
  })

  it('answers a session Clerk ended as signed out from then on, and the user’s other sessions as before', async () => {
    const phone = await signInClerkUser(t.app, keys, { clerkId: ada.clerkId })
    for (const door of doors) {
      await list(door, phone.token)
      expect(viaFastPath(await list(door, phone.token)), door).toBe(true)
    }
    const ended = signedClerkDelivery(secret, sessionEvent('session.ended', phone.sessionId, phone.clerkId))
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/clerk', ...ended })).statusCode).toBe(200)
    for (const door of doors) {
      const res = await list(door, phone.token)
      expect(viaFastPath(res), door).toBe(false)
      expect(markedIn(res), door).toEqual([])
    }
    const stillSignedIn = await list('tRPC', ada.token)
    expect(viaFastPath(stillSignedIn)).toBe(true)
    expect(markedIn(stillSignedIn)).toEqual([toolIds[1], toolIds[6]].sort())
  })
})
