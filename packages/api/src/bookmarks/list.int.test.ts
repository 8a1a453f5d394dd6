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
  await insertTools(db.prisma, fixtureCatalogue(5))
  toolIds = (await db.prisma.tool.findMany({ orderBy: { createdAt: 'asc' }, select: { id: true } })).map((tool) => tool.id)
  ada = await createTestUser(db.prisma, 'Ada')
  bob = await createTestUser(db.prisma, 'Bob')
})
afterAll(() => db.close())

describe('bookmarks.list', () => {
  it('lists the caller’s bookmarks newest first, each marked bookmarked', async () => {
    const caller = callerFor(db.prisma, ada)
    for (const index of [2, 0, 4]) await caller.bookmarks.toggle({ toolId: toolIds[index]!, bookmarked: true })
    const cards = await caller.bookmarks.list()
    expect(cards.map((card) => card.id)).toEqual([toolIds[4], toolIds[0], toolIds[2]])
    expect(cards.every((card) => card.isBookmarked)).toBe(true)
    expect(cards[0]).toMatchObject({ name: expect.any(String), logo: expect.any(String), tagLine: expect.any(String) })
  })

  it("never shows another user's bookmarks", async () => {
    expect(await callerFor(db.prisma, bob).bookmarks.list()).toEqual([])
    await callerFor(db.prisma, bob).bookmarks.toggle({ toolId: toolIds[1]!, bookmarked: true })
    expect((await callerFor(db.prisma, bob).bookmarks.list()).map((card) => card.id)).toEqual([toolIds[1]])
    expect((await callerFor(db.prisma, ada).bookmarks.list()).map((card) => card.id)).not.toContain(toolIds[1])
  })

  it('drops a bookmark once removed, and is UNAUTHORIZED signed out', async () => {
    await callerFor(db.prisma, ada).bookmarks.toggle({ toolId: toolIds[0]!, bookmarked: false })
    expect((await callerFor(db.prisma, ada).bookmarks.list()).map((card) => card.id)).toEqual([toolIds[4], toolIds[2]])
    await expect(callerFor(db.prisma, null).bookmarks.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})
