import { beforeAll, describe, expect, it } from 'vitest'

import { fixtureTool, insertTools } from '@promptly/api/testing/catalogue-fixtures'

import type { TestAccount } from '../../testing/local-accounts.ts'
import { useTestApp } from '../../testing/use-test-app.ts'

const t = useTestApp()
let ada: TestAccount
let bob: TestAccount
const id: Record<string, string> = {}

const METACHARACTER_TOOLS = [
  'Price (USD) Explainer',
  'Regex .* Helper',
  'Discount 100% Writer',
  'snake_case Namer',
  'Path C:\\Users Fixer',
  "O'Reilly Bio",
]

beforeAll(async () => {
  await insertTools(t.db.prisma, [
    ...Array.from({ length: 7 }, (_, i) =>
      fixtureTool(i, { name: `Email Tool ${i}`, labels: ['All Tools', 'Email Tools'] }),
    ),
    ...METACHARACTER_TOOLS.map((name, i) =>
      fixtureTool(10 + i, { name, tagLine: 'Plain words.', labels: ['All Tools', 'SEO Tools'] }),
    ),
    fixtureTool(20, {
      name: 'Caf\u00e9 Menu Writer',
      tagLine: 'Dishes, described.',
      labels: ['All Tools', 'SEO Tools'],
    }),
  ])
  for (const tool of await t.db.prisma.tool.findMany({ select: { id: true, name: true } })) id[tool.name] = tool.id
  ada = await t.signUp({ name: 'Ada' })
  bob = await t.signUp({ name: 'Bob' })
  await t.db.prisma.bookmark.create({ data: { userId: ada.user.id, toolId: id['Email Tool 1']! } })
})

interface LegacyToolBody {
  _id: string
  id: string
  name: string
  templete: string
  tagLine: string
  logo: string
  accoLogo: string
  isBookmarked: boolean
}

describe.each(['/api/v1', '/api/v2'])('REST catalogue under %s', (base) => {
  it('GET objects/getCategories answers the categories in message', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${base}/objects/getCategories` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'OK', message: ['All Tools', 'SEO Tools', 'Email Tools'] })
  })

  it('GET objects/getObjectByLabel answers legacy tool objects, none bookmarked signed out', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${base}/objects/getObjectByLabel/${encodeURIComponent('Email Tools')}`,
    })
    expect(res.statusCode).toBe(200)
    const tools = res.json<{ status: string; message: LegacyToolBody[] }>().message
    expect(tools.map((tool) => tool.name)).toEqual(Array.from({ length: 7 }, (_, i) => `Email Tool ${i}`))
    for (const tool of tools) {
      expect(tool._id).toBe(tool.id)
      expect(tool.templete).toBe(tool.tagLine)
      expect(tool.accoLogo).toBe(tool.logo)
      expect(tool.isBookmarked).toBe(false)
    }
  })

  it(
    'GET objects/getObjectByLabel marks the signed-in ' + "caller's bookmarks, accepting the legacy identity query",
    async () => {
      const query = new URLSearchParams({
        clerkId: ada.user.clerkId,
        name: 'Ada',
        email: ada.email,
        imageUrl: 'https://img.example/a.png',
      })
      const res = await t.app.inject({
        method: 'GET',
        url: `${base}/objects/getObjectByLabel/All%20Tools?${query}`,
        headers: ada.bearer,
      })
      expect(res.statusCode).toBe(200)
      const bookmarked = res.json<{ message: LegacyToolBody[] }>().message.filter((tool) => tool.isBookmarked)
      expect(bookmarked.map((tool) => tool.name)).toEqual(['Email Tool 1'])

      const asBob = await t.app.inject({
        method: 'GET',
        url: `${base}/objects/getObjectByLabel/All%20Tools`,
        cookies: bob.cookies,
      })
      expect(asBob.json<{ message: LegacyToolBody[] }>().message.some((tool) => tool.isBookmarked)).toBe(false)
    },
  )

  it("refuses a clerkId that is not the caller's (403), and ignores one sent signed out", async () => {
    const url = `${base}/objects/getObjectByLabel/All%20Tools?clerkId=${encodeURIComponent(ada.user.clerkId)}`
    const asBob = await t.app.inject({ method: 'GET', url, headers: bob.bearer })
    expect(asBob.statusCode).toBe(403)
    expect(asBob.json()).toMatchObject({ status: 'error', code: 'FORBIDDEN' })
    const signedOut = await t.app.inject({ method: 'GET', url })
    expect(signedOut.statusCode).toBe(200)
    expect(signedOut.json<{ message: LegacyToolBody[] }>().message.some((tool) => tool.isBookmarked)).toBe(false)
  })

  it.each([
    ['(', 'Price (USD) Explainer'],
    ['.*', 'Regex .* Helper'],
    ['%', 'Discount 100% Writer'],
    ['_', 'snake_case Namer'],
    ['\\', 'Path C:\\Users Fixer'],
    ["'", "O'Reilly Bio"],
  ])('GET objects/searchObjects/%s finds that character literally', async (text, expected) => {
    const res = await t.app.inject({ method: 'GET', url: `${base}/objects/searchObjects/${encodeURIComponent(text)}` })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ message: LegacyToolBody[] }>().message.map((tool) => tool.name)).toEqual([expected])
  })

  it('GET objects/searchObjects marks the caller’s bookmarks and answers an empty list for no match', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${base}/objects/searchObjects/email%20tool%201`,
      headers: ada.bearer,
    })
    expect(res.json<{ message: LegacyToolBody[] }>().message).toMatchObject([
      { name: 'Email Tool 1', isBookmarked: true, _id: id['Email Tool 1'] },
    ])
    const none = await t.app.inject({ method: 'GET', url: `${base}/objects/searchObjects/nothing%20like%20this` })
    expect(none.json()).toEqual({ status: 'OK', message: [] })
  })

  it('GET objects/searchObjects with an empty segment answers an empty list, as blank text does', async () => {
    for (const url of [
      `${base}/objects/searchObjects/`,
      `${base}/objects/searchObjects`,
      `${base}/objects/searchObjects/%20%20`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: 'OK', message: [] })
    }
  })

  it('GET objects/searchObjects finds a name stored in NFC from text typed with combining accents (NFD)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${base}/objects/searchObjects/${encodeURIComponent('cafe\u0301 menu')}`,
    })
    expect(res.json<{ message: LegacyToolBody[] }>().message.map((tool) => tool.name)).toEqual([
      'Caf\u00e9 Menu Writer',
    ])
  })

  it(
    'GET objects/getObjectByLabel refuses a category ' + 'holding a control character with a 400, before any query',
    async () => {
      for (const category of ['%00', 'Email%00Tools', 'Email%0ATools']) {
        const res = await t.app.inject({ method: 'GET', url: `${base}/objects/getObjectByLabel/${category}` })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({
          status: 'error',
          code: 'BAD_REQUEST',
          error: 'category: Category must be a single line of text',
          message: 'category: Category must be a single line of text',
        })
      }
    },
  )

  it('refuses a clerkId holding a control character with a 400, signed in or out', async () => {
    const url = `${base}/objects/getObjectByLabel/All%20Tools?clerkId=%00`
    for (const res of [
      await t.app.inject({ method: 'GET', url }),
      await t.app.inject({ method: 'GET', url, headers: ada.bearer }),
    ]) {
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        status: 'error',
        code: 'BAD_REQUEST',
        error: 'clerkId: A clerkId cannot hold control characters',
      })
    }
  })

  it(
    'GET objects/getObject answers an id given in upper case with ' +
      'the same tool and the lower-case id, from one cache entry',
    async () => {
      const id0 = id['Email Tool 0']!
      const lower = await t.app.inject({ method: 'GET', url: `${base}/objects/getObject/${id0}` })
      const entries = t.testApp.services.caches.catalogue.size
      const upper = await t.app.inject({ method: 'GET', url: `${base}/objects/getObject/${id0.toUpperCase()}` })
      expect(t.testApp.services.caches.catalogue.size).toBe(entries)
      expect(upper.statusCode).toBe(200)
      expect(upper.json()).toEqual(lower.json())
      expect(upper.json()).toMatchObject({ message: { object: { _id: id0, id: id0 } } })
    },
  )

  it('GET objects/getObject/:id answers message.object and message.similarObject', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${base}/objects/getObject/${id['Email Tool 0']}` })
    expect(res.statusCode).toBe(200)
    const { object, similarObject } = res.json<{
      message: { object: Record<string, unknown>; similarObject: Record<string, unknown>[] }
    }>().message
    expect(object).toMatchObject({
      _id: id['Email Tool 0'],
      id: id['Email Tool 0'],
      name: 'Email Tool 0',
      accoName: 'Email Tool 0',
      description: expect.any(String),
      templete: expect.any(String),
      labels: ['All Tools', 'Email Tools'],
      groupBy: 'Email Tools',
      groups: [[expect.objectContaining({ text: 'Topic', type: 'input' })]],
      faq: [{ question: 'What does tool 0 do?', answer: 'It writes.' }],
      logo: expect.any(String),
      accoLogo: object.logo,
    })
    expect(similarObject).toHaveLength(5)
    for (const similar of similarObject) {
      expect(Object.keys(similar).sort()).toEqual(['_id', 'accoName', 'id', 'logo', 'name'])
      expect(similar._id).not.toBe(id['Email Tool 0'])
      expect(String(similar.name)).toMatch(/^Email Tool [1-6]$/)
    }
  })

  it('GET objects/getObject answers 404 for an unknown id and 400 for a malformed one, in the envelope', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: `${base}/objects/getObject/3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b`,
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND', error: 'Tool not found' })
    for (const bad of ['not-a-uuid', "1'%20OR%20'1'='1", '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5']) {
      const res = await t.app.inject({ method: 'GET', url: `${base}/objects/getObject/${bad}` })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ status: 'error', code: 'BAD_REQUEST' })
    }
  })
})

describe('REST catalogue cache', () => {
  it('shows a new tool once the catalogue is invalidated', async () => {
    const url = '/api/v1/objects/getObjectByLabel/Press%20Releases'
    expect((await t.app.inject({ method: 'GET', url })).json()).toEqual({ status: 'OK', message: [] })
    await insertTools(t.db.prisma, [
      fixtureTool(99, { name: 'Launch Announcer', labels: ['All Tools', 'Press Releases'] }),
    ])
    expect((await t.app.inject({ method: 'GET', url })).json()).toEqual({ status: 'OK', message: [] })
    t.testApp.services.caches.catalogue.changed()
    expect(
      (await t.app.inject({ method: 'GET', url }))
        .json<{ message: LegacyToolBody[] }>()
        .message.map((tool) => tool.name),
    ).toEqual(['Launch Announcer'])
  })
})
