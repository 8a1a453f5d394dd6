import { gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'

import { fixtureTool, insertTools } from '@promptly/api/testing/catalogue-fixtures'

import { hashSessionToken } from '../identity/local/sessions.ts'
import { signInTestAccount, type TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp({ seed: true, env: { RATE_LIMIT_PER_MINUTE: '100000' } })

const trpcInput = (input: object) => encodeURIComponent(JSON.stringify({ json: input }))
const ALL_TOOLS = { category: 'All Tools' }
const batchOf = (...inputs: object[]) => encodeURIComponent(JSON.stringify({ ...inputs.map((json) => ({ json })) }))
/** The list's URL through each door, in the forms the fast path answers. */
const DOORS = {
  tRPC: `/trpc/tools.byCategory?input=${trpcInput(ALL_TOOLS)}`,
  'tRPC, a batch of one': `/trpc/tools.byCategory?batch=1&input=${batchOf(ALL_TOOLS)}`,
  'REST v1': '/api/v1/objects/getObjectByLabel/All%20Tools',
  'REST v2': '/api/v2/objects/getObjectByLabel/all%20tools',
}
type Door = keyof typeof DOORS

interface Card {
  id: string
  isBookmarked: boolean
}

/** The cards of any door's answer. */
function cardsOf(res: LightMyRequestResponse): Card[] {
  const body: unknown = res.json()
  if (Array.isArray(body)) return body[0].result.data.json
  const answer = body as { result?: { data: { json: Card[] } }; message?: Card[] }
  return answer.result?.data.json ?? answer.message ?? []
}

/** The ids the answer marks bookmarked, sorted (the list's own order is the catalogue's). */
const markedIn = (res: LightMyRequestResponse) =>
  cardsOf(res)
    .filter((card) => card.isBookmarked)
    .map((card) => card.id)
    .sort()
const sorted = (ids: (string | undefined)[]) => [...ids].sort()
const viaFastPath = (res: LightMyRequestResponse) => res.headers['x-fast-path'] === 'hit'

function list(url: string, who?: Pick<TestAccount, 'bearer'> | null, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { ...who?.bearer, ...headers } })
}

async function setBookmark(who: TestAccount, toolId: string, bookmarked: boolean): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/trpc/bookmarks.set',
    headers: who.bearer,
    payload: { json: { toolId, bookmarked } },
  })
  expect(res.statusCode).toBe(200)
}

let toolIds: string[]
let ada: TestAccount
let bob: TestAccount

beforeAll(async () => {
  toolIds = (await t.db.prisma.tool.findMany({ orderBy: { createdAt: 'asc' }, select: { id: true } })).map(
    (tool) => tool.id,
  )
  ada = await t.signUp({ name: 'Ada' })
  bob = await t.signUp({ name: 'Bob' })
  await setBookmark(ada, toolIds[0]!, true)
  await setBookmark(ada, toolIds[5]!, true)
  await setBookmark(bob, toolIds[7]!, true)
})

describe('the catalogue list fast path', () => {
  it.each(Object.keys(DOORS) as Door[])('answers %s signed in exactly as the stack does', async (door) => {
    await t.testApp.services.caches.catalogue.changed()
    const throughStack = await list(DOORS[door], ada)
    expect(viaFastPath(throughStack)).toBe(false)
    const fast = await list(DOORS[door], ada)
    expect(viaFastPath(fast)).toBe(true)
    expect(fast.statusCode).toBe(200)
    expect(fast.headers['content-type']).toBe(throughStack.headers['content-type'])
    expect(fast.body).toBe(throughStack.body)
    expect(markedIn(fast)).toEqual(sorted([toolIds[0], toolIds[5]]))
  })

  it('answers the REST door signed out exactly as the stack does', async () => {
    await t.testApp.services.caches.catalogue.changed()
    const throughStack = await list(DOORS['REST v1'], null)
    const fast = await list(DOORS['REST v1'], null)
    expect([viaFastPath(throughStack), viaFastPath(fast)]).toEqual([false, true])
    expect(fast.headers['content-type']).toBe(throughStack.headers['content-type'])
    expect(fast.body).toBe(throughStack.body)
    expect(markedIn(fast)).toEqual([])
  })

  it('gives each caller their own bookmarks only, whatever the order of the requests', async () => {
    for (const door of Object.keys(DOORS) as Door[]) {
      for (let round = 0; round < 2; round++) {
        for (const [who, marked] of [
          [bob, [toolIds[7]]],
          [null, []],
          [ada, [toolIds[0], toolIds[5]]],
          [bob, [toolIds[7]]],
        ] as const) {
          const res = await list(DOORS[door], who)
          const as = `${door} as ${who?.user.name ?? 'nobody'}`
          expect(markedIn(res), as).toEqual(sorted([...marked]))
          // Signed out, tRPC's list is the public response cache's to answer.
          if (round === 1 && (who !== null || door.startsWith('REST'))) expect(viaFastPath(res), as).toBe(true)
        }
      }
    }
  })

  it('shows a bookmark change in the caller’s next list, and in nobody else’s', async () => {
    const url = DOORS.tRPC
    await list(url, ada)
    await list(url, bob)
    await setBookmark(ada, toolIds[9]!, true)
    const adaNext = await list(url, ada)
    expect(markedIn(adaNext)).toEqual(sorted([toolIds[0], toolIds[5], toolIds[9]]))
    const bobNext = await list(url, bob)
    expect(viaFastPath(bobNext)).toBe(true)
    expect(markedIn(bobNext)).toEqual([toolIds[7]])
    await setBookmark(ada, toolIds[9]!, false)
    for (const door of Object.keys(DOORS) as Door[]) {
      expect(markedIn(await list(DOORS[door], ada))).toEqual(sorted([toolIds[0], toolIds[5]]))
    }
  })

  it('answers a signed-out session as signed out from the next request on', async () => {
    const carol = await t.signUp({ name: 'Carol' })
    await setBookmark(carol, toolIds[3]!, true)
    await list(DOORS['REST v1'], carol)
    expect(viaFastPath(await list(DOORS['REST v1'], carol))).toBe(true)
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/local/sign-out', headers: carol.bearer })
    expect(signOut.statusCode).toBe(204)
    for (const door of Object.keys(DOORS) as Door[]) {
      const res = await list(DOORS[door], carol)
      expect(viaFastPath(res)).toBe(false)
      expect(markedIn(res)).toEqual([])
    }
  })

  it('answers a session ended from another device, or everywhere, as signed out from the next request on', async () => {
    const dan = await t.signUp({ name: 'Dan' })
    await setBookmark(dan, toolIds[4]!, true)
    const phone = await signInTestAccount(t.app, dan)
    const tablet = await signInTestAccount(t.app, dan)
    for (const session of [dan, phone, tablet]) {
      await list(DOORS.tRPC, session)
      expect(viaFastPath(await list(DOORS.tRPC, session))).toBe(true)
    }
    const phoneId = hashSessionToken(phone.token)
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/local/sessions/${phoneId}`,
      headers: dan.bearer,
    })
    expect(ended.statusCode).toBe(204)
    for (const door of Object.keys(DOORS) as Door[]) {
      const res = await list(DOORS[door], phone)
      expect(viaFastPath(res), door).toBe(false)
      expect(markedIn(res), door).toEqual([])
    }
    // The others stay signed in, still with their bookmarks.
    expect(markedIn(await list(DOORS.tRPC, tablet))).toEqual([toolIds[4]])
    const everywhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/sign-out-everywhere',
      headers: tablet.bearer,
    })
    expect(everywhere.statusCode).toBe(204)
    for (const session of [dan, tablet]) {
      for (const door of Object.keys(DOORS) as Door[]) {
        const res = await list(DOORS[door], session)
        expect(viaFastPath(res), door).toBe(false)
        expect(markedIn(res), door).toEqual([])
      }
    }
  })

  it('serves a catalogue change from the next request on', async () => {
    await list(DOORS['REST v1'], ada)
    await insertTools(t.db.prisma, [fixtureTool(900, { name: 'Fast Path Newcomer' })])
    await t.testApp.services.caches.catalogue.changed()
    for (const door of Object.keys(DOORS) as Door[]) {
      await list(DOORS[door], ada)
      const names = (await list(DOORS[door], ada)).json()
      expect(JSON.stringify(names)).toContain('Fast Path Newcomer')
    }
  })

  it('leaves every other form of request to the stack, which answers it as before', async () => {
    const asAda = (headers: Record<string, string> = {}) => ({ ...ada.bearer, ...headers })
    const twoCalls = `/trpc/tools.byCategory,tools.byCategory?batch=1&input=${batchOf(ALL_TOOLS, { category: 'SEO' })}`
    const cases: [string, string, Record<string, string>][] = [
      ['a cross-origin request (it needs the CORS headers)', DOORS.tRPC, asAda({ origin: 'https://elsewhere.test' })],
      ['a streaming tRPC client', DOORS['tRPC, a batch of one'], asAda({ 'trpc-accept': 'application/jsonl' })],
      ['a query string on the REST door', `${DOORS['REST v1']}?clerkId=${ada.user.clerkId}`, asAda()],
      ['a batch of two calls', twoCalls, asAda()],
      ['a session not verified lately', DOORS.tRPC, { authorization: `Bearer ${'x'.repeat(43)}` }],
      ['an API key', DOORS['REST v1'], { authorization: `Bearer prly_${'x'.repeat(43)}` }],
      ['a signed-out tRPC call (the public response cache’s)', DOORS.tRPC, {}],
    ]
    for (const [what, url, headers] of cases) {
      await t.app.inject({ method: 'GET', url, headers })
      const res = await t.app.inject({ method: 'GET', url, headers })
      expect(viaFastPath(res), what).toBe(false)
      expect(res.statusCode === 200 || res.statusCode === 401, `${what}: ${res.statusCode}`).toBe(true)
    }
  })

  it('answers compressed when accepted: shared bytes compressed once, a caller’s own per request', async () => {
    const gzip = { 'accept-encoding': 'gzip' }
    const plain = await list(DOORS['REST v1'], null)
    // The shared bytes are compressed in the background on first use: wait for that state.
    await expect
      .poll(async () => (await list(DOORS['REST v1'], null, gzip)).headers['content-encoding'], { interval: 20 })
      .toBe('gzip')
    const compressed = await list(DOORS['REST v1'], null, gzip)
    expect(viaFastPath(compressed)).toBe(true)
    expect(gunzipSync(compressed.rawPayload).toString('utf8')).toBe(plain.body)

    const adaPlain = await list(DOORS.tRPC, ada)
    const adaCompressed = await list(DOORS.tRPC, ada, gzip)
    expect(viaFastPath(adaCompressed)).toBe(true)
    expect(adaCompressed.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(adaCompressed.rawPayload).toString('utf8')).toBe(adaPlain.body)
  })

  it('leaves a category the input schema refuses to the stack’s 400', async () => {
    for (const url of [
      `/trpc/tools.byCategory?input=${trpcInput({ category: 'line\nbreak' })}`,
      '/api/v1/objects/getObjectByLabel/%20',
      `/api/v1/objects/getObjectByLabel/${'x'.repeat(101)}`,
    ]) {
      const res = await list(url, ada)
      expect([viaFastPath(res), res.statusCode]).toEqual([false, 400])
    }
  })
})
