import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SignedInUser } from '../context.ts'
import { fixtureCatalogue, insertTools } from '../testing/catalogue-fixtures.ts'
import { createTestUser, testContext } from '../testing/test-caller.ts'
import { toggleBookmark } from './toggle.handler.ts'

let db: TestDatabase
let ada: SignedInUser
let bob: SignedInUser
let toolIds: string[]

beforeAll(async () => {
  db = await createTestDatabase()
  await insertTools(db.prisma, fixtureCatalogue(4))
  toolIds = (await db.prisma.tool.findMany({ orderBy: { createdAt: 'asc' }, select: { id: true } })).map((tool) => tool.id)
  ada = await createTestUser(db.prisma, 'Ada')
  bob = await createTestUser(db.prisma, 'Bob')
})
afterAll(() => db.close())

const storedBookmarks = (user: SignedInUser, toolId: string) => db.prisma.bookmark.count({ where: { userId: user.id, toolId } })
/** The legacy REST call (`bookmarks/add-remove/:toolId`) runs this handler as the signed-in user. */
const toggleAs = (user: SignedInUser, toolId: string) =>
  toggleBookmark({ ctx: { ...testContext(db.prisma, user), user }, input: { toolId } })

describe('toggleBookmark (the legacy REST flip)', () => {
  it('adds the bookmark, and a second toggle returns to the start', async () => {
    const toolId = toolIds[0]!
    expect(await toggleAs(ada, toolId)).toEqual({ toolId, bookmarked: true })
    expect(await storedBookmarks(ada, toolId)).toBe(1)
    expect(await toggleAs(ada, toolId)).toEqual({ toolId, bookmarked: false })
    expect(await storedBookmarks(ada, toolId)).toBe(0)
  })

  it('keeps a consistent state under a double click: two concurrent toggles cancel out, neither fails', async () => {
    const toolId = toolIds[1]!
    const answers = await Promise.all([toggleAs(ada, toolId), toggleAs(ada, toolId)])
    expect(answers.map((answer) => answer.bookmarked).sort()).toEqual([false, true])
    expect(await storedBookmarks(ada, toolId)).toBe(0)
  })

  it('never fails or duplicates under many concurrent toggles', async () => {
    const toolId = toolIds[2]!
    const answers = await Promise.all(Array.from({ length: 8 }, () => toggleAs(ada, toolId)))
    expect(answers).toHaveLength(8)
    expect(await storedBookmarks(ada, toolId)).toBeLessThanOrEqual(1)
  })

  it("leaves another user's bookmark of the same tool alone", async () => {
    const toolId = toolIds[3]!
    await toggleAs(bob, toolId)
    await toggleAs(ada, toolId)
    await toggleAs(ada, toolId)
    expect(await storedBookmarks(bob, toolId)).toBe(1)
    expect(await storedBookmarks(ada, toolId)).toBe(0)
  })

  it('answers NOT_FOUND for an unknown tool', async () => {
    await expect(toggleAs(ada, '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b')).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
