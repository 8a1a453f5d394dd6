import { beforeAll, describe, expect, it } from 'vitest'

import { fixtureCatalogue, insertTools } from '@promptly/api/testing/catalogue-fixtures'
import { MESSAGES } from '@promptly/core/messages'

import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp()
let toolIds: string[]

beforeAll(async () => {
  await insertTools(t.db.prisma, fixtureCatalogue(6))
  toolIds = (await t.db.prisma.tool.findMany({ orderBy: { createdAt: 'asc' }, select: { id: true } })).map(
    (tool) => tool.id,
  )
})

interface BookmarksBody {
  status: string
  data: { _id: string; id: string; templete: string; accoLogo: string; isBookmarked: boolean }[]
}

// Each base gets its own users and tools, so the two runs do not see each other's bookmarks.
describe.each([
  ['/api/v1', 0],
  ['/api/v2', 3],
])('REST bookmarks under %s', (base, firstTool) => {
  const tool = (offset: number) => toolIds[firstTool + offset]!
  let ada: TestAccount
  let bob: TestAccount

  beforeAll(async () => {
    ada = await t.signUp({ name: 'Ada' })
    bob = await t.signUp({ name: 'Bob' })
  })

  it('POST bookmarks/add-remove/:toolId toggles: added, then removed', async () => {
    const url = `${base}/bookmarks/add-remove/${tool(0)}`
    const added = await t.app.inject({ method: 'POST', url, headers: ada.bearer })
    expect(added.statusCode).toBe(200)
    expect(added.json()).toEqual({
      status: 'OK',
      message: MESSAGES.bookmarkAdded,
      data: { toolId: tool(0), bookmarked: true },
    })
    const removed = await t.app.inject({ method: 'POST', url, cookies: ada.cookies })
    expect(removed.json()).toEqual({
      status: 'OK',
      message: MESSAGES.bookmarkRemoved,
      data: { toolId: tool(0), bookmarked: false },
    })
  })

  it('accepts the empty body the legacy client sends, even when labelled JSON', async () => {
    const url = `${base}/bookmarks/add-remove/${tool(1)}?clerkId=${encodeURIComponent(ada.user.clerkId)}`
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...ada.bearer, 'content-type': 'application/json' },
      payload: '',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ data: { bookmarked: true } })
  })

  it(
    "GET bookmarks lists the caller's bookmarks newest " + "first as legacy objects, and never another user's",
    async () => {
      await t.app.inject({ method: 'POST', url: `${base}/bookmarks/add-remove/${tool(2)}`, headers: ada.bearer })
      const res = await t.app.inject({ method: 'GET', url: `${base}/bookmarks`, headers: ada.bearer })
      expect(res.statusCode).toBe(200)
      const body = res.json<BookmarksBody>()
      expect(body.status).toBe('OK')
      expect(body.data.map((item) => item._id)).toEqual([tool(2), tool(1)])
      expect(
        body.data.every((item) => item.isBookmarked && item.id === item._id && typeof item.templete === 'string'),
      ).toBe(true)

      const asBob = await t.app.inject({
        method: 'GET',
        url: `${base}/bookmarks?clerkId=${encodeURIComponent(bob.user.clerkId)}`,
        headers: bob.bearer,
      })
      expect(asBob.json<BookmarksBody>().data).toEqual([])
    },
  )

  it("answers 401 signed out with the spec's words for each call, whatever the input", async () => {
    for (const [method, url, words] of [
      ['GET', `${base}/bookmarks`, MESSAGES.signInToViewBookmarks],
      ['GET', `${base}/bookmarks?clerkId=%00`, MESSAGES.signInToViewBookmarks],
      ['POST', `${base}/bookmarks/add-remove/${tool(0)}`, MESSAGES.signInToBookmark],
      ['POST', `${base}/bookmarks/add-remove/42`, MESSAGES.signInToBookmark],
      ['POST', `${base}/bookmarks/add-remove/${tool(0)}?clerkId=%00`, MESSAGES.signInToBookmark],
    ] as const) {
      const res = await t.app.inject({ method, url })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ status: 'error', code: 'UNAUTHORIZED', error: words, message: words })
    }
  })

  it('answers the id in lower case when it was sent in upper case', async () => {
    // Bob and tool 1: no later test looks at them, so a failure here stays here.
    const added = await t.app.inject({
      method: 'POST',
      url: `${base}/bookmarks/add-remove/${tool(1).toUpperCase()}`,
      headers: bob.bearer,
    })
    expect(added.json()).toMatchObject({ data: { toolId: tool(1), bookmarked: true } })
    const removed = await t.app.inject({
      method: 'POST',
      url: `${base}/bookmarks/add-remove/${tool(1)}`,
      headers: bob.bearer,
    })
    expect(removed.json()).toMatchObject({ data: { toolId: tool(1), bookmarked: false } })
  })

  it('answers 403 when clerkId names someone else, and leaves their bookmarks alone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/bookmarks/add-remove/${tool(0)}?clerkId=${encodeURIComponent(ada.user.clerkId)}`,
      headers: bob.bearer,
    })
    expect(res.statusCode).toBe(403)
    expect(await t.db.prisma.bookmark.count({ where: { toolId: tool(0) } })).toBe(0)
  })

  it('answers 404 for an unknown tool and 400 for a malformed id', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${base}/bookmarks/add-remove/3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b`,
      headers: ada.bearer,
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND' })
    const malformed = await t.app.inject({
      method: 'POST',
      url: `${base}/bookmarks/add-remove/42`,
      headers: ada.bearer,
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ status: 'error', code: 'BAD_REQUEST' })
  })
})
