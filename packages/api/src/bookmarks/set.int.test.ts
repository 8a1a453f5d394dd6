import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SignedInUser } from '../context.ts'
import { fixtureCatalogue, insertTools } from '../testing/catalogue-fixtures.ts'
import { callerFor, createTestUser } from '../testing/test-caller.ts'

let db: TestDatabase
let ada: SignedInUser
let bob: SignedInUser
let toolIds: string[]

beforeAll(async () => {
  db = await createTestDatabase()
  await insertTools(db.prisma, fixtureCatalogue(6))
  toolIds = (await db.prisma.tool.findMany({ orderBy: { createdAt: 'asc' }, select: { id: true } })).map((tool) => tool.id)
  ada = await createTestUser(db.prisma, 'Ada')
  bob = await createTestUser(db.prisma, 'Bob')
})
afterAll(() => db.close())

const storedBookmarks = (user: SignedInUser, toolId: string) => db.prisma.bookmark.count({ where: { userId: user.id, toolId } })

describe('bookmarks.toggle states the wanted result', () => {
  it('keeps the tool bookmarked when asked to bookmark it twice (a card out of date)', async () => {
    const toolId = toolIds[0]!
    const caller = callerFor(db.prisma, ada)
    expect(await caller.bookmarks.toggle({ toolId, bookmarked: true })).toEqual({ toolId, bookmarked: true })
    expect(await caller.bookmarks.toggle({ toolId, bookmarked: true })).toEqual({ toolId, bookmarked: true })
    expect(await storedBookmarks(ada, toolId)).toBe(1)
  })

  it('removes the bookmark, and asking again to remove it leaves it removed', async () => {
    const toolId = toolIds[0]!
    const caller = callerFor(db.prisma, ada)
    expect(await caller.bookmarks.toggle({ toolId, bookmarked: false })).toEqual({ toolId, bookmarked: false })
    expect(await storedBookmarks(ada, toolId)).toBe(0)
    expect(await caller.bookmarks.toggle({ toolId, bookmarked: false })).toEqual({ toolId, bookmarked: false })
    expect(await storedBookmarks(ada, toolId)).toBe(0)
  })

  it('answers not bookmarked when asked to remove a bookmark that was never there', async () => {
    const toolId = toolIds[1]!
    expect(await callerFor(db.prisma, ada).bookmarks.toggle({ toolId, bookmarked: false })).toEqual({ toolId, bookmarked: false })
    expect(await storedBookmarks(ada, toolId)).toBe(0)
  })

  it('never fails or duplicates when the same state is asked for concurrently (a double click)', async () => {
    const toolId = toolIds[2]!
    const caller = callerFor(db.prisma, ada)
    const answers = await Promise.all(Array.from({ length: 6 }, () => caller.bookmarks.toggle({ toolId, bookmarked: true })))
    expect(answers.every((answer) => answer.bookmarked)).toBe(true)
    expect(await storedBookmarks(ada, toolId)).toBe(1)
  })

  it("leaves another user's bookmarks of the same tool alone, both ways", async () => {
    const toolId = toolIds[3]!
    await callerFor(db.prisma, bob).bookmarks.toggle({ toolId, bookmarked: true })
    await callerFor(db.prisma, ada).bookmarks.toggle({ toolId, bookmarked: true })
    await callerFor(db.prisma, ada).bookmarks.toggle({ toolId, bookmarked: false })
    expect(await storedBookmarks(bob, toolId)).toBe(1)
    expect(await storedBookmarks(ada, toolId)).toBe(0)

    const other = toolIds[4]!
    await callerFor(db.prisma, ada).bookmarks.toggle({ toolId: other, bookmarked: true })
    await callerFor(db.prisma, bob).bookmarks.toggle({ toolId: other, bookmarked: false })
    expect(await storedBookmarks(ada, other)).toBe(1)
  })

  it('answers NOT_FOUND for an unknown tool either way, and stores nothing', async () => {
    const unknown = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b'
    const caller = callerFor(db.prisma, ada)
    await expect(caller.bookmarks.toggle({ toolId: unknown, bookmarked: true })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(caller.bookmarks.toggle({ toolId: unknown, bookmarked: false })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await db.prisma.bookmark.count({ where: { toolId: unknown } })).toBe(0)
  })

  it('answers BAD_REQUEST without the wanted state or for a malformed id, UNAUTHORIZED signed out', async () => {
    const toolId = toolIds[5]!
    const caller = callerFor(db.prisma, ada)
    // A bare `{ toolId }` was the old flip request: it must not be read as either state.
    await expect(caller.bookmarks.toggle({ toolId } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(caller.bookmarks.toggle({ toolId: "1' OR '1'='1", bookmarked: true })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(callerFor(db.prisma, null).bookmarks.toggle({ toolId, bookmarked: true })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    expect(await storedBookmarks(ada, toolId)).toBe(0)
  })
})
