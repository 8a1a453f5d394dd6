import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { X_TWITTER_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'

import type { TestAccount } from '../../testing/local-accounts.ts'
import { createTestApiKey } from '../../testing/test-api-keys.ts'
import { useTestApp } from '../../testing/use-test-app.ts'
import { API_BASES, clerkIdQuery, expectStatus, identityQuery, send, type Headers } from './legacy-client-calls.ts'
import { expectShape, okWithData, specBookmark } from './spec-answer-shapes.ts'

// The bookmark rows of the spec's call table (section 7, {bookmarksApi}), sent as the legacy client
// sent them, by a script holding a personal API key with the `read` scope (a bookmark spends nothing).
const t = useTestApp({
  seed: true,
  env: { RATE_LIMIT_PER_MINUTE: '100000', API_KEY_RATE_LIMIT_PER_MINUTE: '100000' },
})
let ada: TestAccount
let withKey: Headers

beforeAll(async () => {
  ada = await t.signUp({ name: 'Ada Lovelace' })
  withKey = await createTestApiKey(t.app, ada, ['read'])
})

const bookmarkedIds = async () =>
  (await t.db.prisma.bookmark.findMany({ where: { userId: ada.user.id } })).map((bookmark) => bookmark.toolId)

describe.each(API_BASES)('the bookmark calls on %s, with a read API key', (base) => {
  it('GET {bookmarksApi}/bookmarks?clerkId&name&email&imageUrl: 200, data is the bookmarked tools', async () => {
    // Query and answer: bigwigmedia src/pages/Landing.tsx getBookMarks (res.data.data, each card then
    // marked isBookmarked); Bigwigmedia_Backend controllers/bookmarks.controllers.js getBookmarks
    // answers response_200(res, "Bookmarks found", allBookmarks).
    await t.db.prisma.bookmark.create({ data: { userId: ada.user.id, toolId: X_TWITTER_BIO_TOOL_ID } })
    try {
      const url = `${base}/bookmarks${identityQuery(ada.user)}`
      const answer = await send(t.app, { method: 'GET', url, headers: withKey })
      expectStatus(answer, 200)
      const { data } = expectShape(okWithData(z.array(specBookmark)), answer.body, answer.call)
      expect(data.map((tool) => tool._id)).toEqual([X_TWITTER_BIO_TOOL_ID])
    } finally {
      await t.db.prisma.bookmark.deleteMany({ where: { userId: ada.user.id } })
    }
  })

  it('POST {bookmarksApi}/bookmarks/add-remove/{toolId}?clerkId, body {}: 200, toggled each time', async () => {
    // bigwigmedia src/pages/Profile.tsx handleBookmarkToggle posts `{}` and reads only the 200;
    // Bigwigmedia_Backend controllers/bookmarks.controllers.js addOrRemoveBookmark answers response_200.
    const url = `${base}/bookmarks/add-remove/${X_TWITTER_BIO_TOOL_ID}${clerkIdQuery(ada.user)}`
    const added = await send(t.app, { method: 'POST', url, headers: withKey, payload: {} })
    expectStatus(added, 200)
    expectShape(okWithData(z.unknown()), added.body, added.call)
    expect(await bookmarkedIds()).toEqual([X_TWITTER_BIO_TOOL_ID])

    const removed = await send(t.app, { method: 'POST', url, headers: withKey, payload: {} })
    expectStatus(removed, 200)
    expectShape(okWithData(z.unknown()), removed.body, removed.call)
    expect(await bookmarkedIds()).toEqual([])
  })
})
