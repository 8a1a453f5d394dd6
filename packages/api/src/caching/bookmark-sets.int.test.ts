import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openDatabase, type Database } from '@promptly/db/client'

import { flipLegacyBookmark } from '../bookmarks/legacy-flip.handler.ts'
import { useBookmarkTestDatabase } from '../bookmarks/testing/bookmark-test-database.ts'
import type { SignedInUser } from '../context.ts'
import { callerFor, testContext } from '../testing/test-caller.ts'
import { createCaches, inProcessCaches, type Caches } from './caches.ts'
import { postgresCacheBus } from './postgres-cache-bus.ts'

const frame = useBookmarkTestDatabase(4)
/** This instance's caches: every caller of the tests below reads and writes through them. */
const caches = inProcessCaches()

/** The ids `user` sees marked in All Tools, and on the tool's generator page. */
async function marked(db: Database['prisma'], user: SignedInUser | null, toolId: string, on: Caches = caches) {
  const caller = callerFor(db, user, { caches: on })
  const list = await caller.tools.byCategory({ category: 'All Tools' })
  return {
    inList: list.filter((card) => card.isBookmarked).map((card) => card.id),
    onPage: (await caller.tools.get({ id: toolId })).tool.isBookmarked,
  }
}

describe('the cached bookmark sets', () => {
  it('show a bookmark toggle in the next list and page of that user, never of another', async () => {
    const [first, second] = frame.toolIds
    const { db, ada, bob } = frame
    // Both users' sets are cached (read twice, the second time from the cache) before anything changes.
    for (let read = 0; read < 2; read++) {
      expect(await marked(db.prisma, ada, first!)).toEqual({ inList: [], onPage: false })
      expect(await marked(db.prisma, bob, first!)).toEqual({ inList: [], onPage: false })
    }
    expect(caches.bookmarkSets.peek(ada.id)).toEqual(new Set())

    await callerFor(db.prisma, ada, { caches }).bookmarks.set({ toolId: first!, bookmarked: true })
    expect(await marked(db.prisma, ada, first!)).toEqual({ inList: [first], onPage: true })
    expect(await marked(db.prisma, bob, first!)).toEqual({ inList: [], onPage: false })
    expect(await marked(db.prisma, null, first!)).toEqual({ inList: [], onPage: false })

    await callerFor(db.prisma, bob, { caches }).bookmarks.set({ toolId: second!, bookmarked: true })
    expect(await marked(db.prisma, bob, second!)).toEqual({ inList: [second], onPage: true })
    expect(await marked(db.prisma, ada, second!)).toEqual({ inList: [first], onPage: false })

    await callerFor(db.prisma, ada, { caches }).bookmarks.set({ toolId: first!, bookmarked: false })
    expect(await marked(db.prisma, ada, first!)).toEqual({ inList: [], onPage: false })
    expect(await marked(db.prisma, bob, second!)).toEqual({ inList: [second], onPage: true })
  })

  it('show the legacy flip in the next list of that user, never of another', async () => {
    const toolId = frame.toolIds[2]!
    const { db, ada, bob } = frame
    const before = { ada: await marked(db.prisma, ada, toolId), bob: await marked(db.prisma, bob, toolId) }
    expect(await callerFor(db.prisma, ada, { caches }).bookmarks.set({ toolId, bookmarked: true })).toMatchObject({
      bookmarked: true,
    })
    const flip = () =>
      flipLegacyBookmark({ ctx: { ...testContext(db.prisma, ada, { caches }), user: ada }, input: { toolId } })
    expect(await flip()).toEqual({ toolId, bookmarked: false })
    expect(await marked(db.prisma, ada, toolId)).toEqual(before.ada)
    expect(await flip()).toEqual({ toolId, bookmarked: true })
    expect((await marked(db.prisma, ada, toolId)).inList).toContain(toolId)
    expect(await marked(db.prisma, bob, toolId)).toEqual(before.bob)
  })
})

// A second instance is a second handle, with its own caches and bus, on the same PostgreSQL database.
describe.runIf(process.env.TEST_DB === 'postgres')('the cached bookmark sets across two instances', () => {
  let other: Database
  let here: Caches
  let there: Caches
  const quiet = { info: () => undefined, warn: () => undefined }

  beforeAll(async () => {
    const url = frame.db.url!
    other = await openDatabase({ url })
    here = createCaches(await postgresCacheBus(frame.db.prisma, { url, log: quiet }))
    there = createCaches(await postgresCacheBus(other.prisma, { url, log: quiet }))
  })
  afterAll(async () => {
    await here?.bus.close()
    await there?.bus.close()
    await other?.close()
  })

  it('show a bookmark made on one instance in the next lists the other serves', async () => {
    const toolId = frame.toolIds[3]!
    const { ada, bob } = frame
    expect((await marked(other.prisma, ada, toolId, there)).inList).not.toContain(toolId)
    expect(there.bookmarkSets.peek(ada.id)).toBeDefined()

    await callerFor(frame.db.prisma, ada, { caches: here }).bookmarks.set({ toolId, bookmarked: true })
    // Only the broadcast can clear the other instance's cached set (kept 30 s): wait for its state,
    // within a ceiling well under the TTL.
    await expect
      .poll(async () => (await marked(other.prisma, ada, toolId, there)).inList, { timeout: 10_000, interval: 20 })
      .toContain(toolId)
    expect((await marked(other.prisma, bob, toolId, there)).inList).not.toContain(toolId)
  })
})
