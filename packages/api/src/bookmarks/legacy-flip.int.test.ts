import { describe, expect, it } from 'vitest'

import type { SignedInUser } from '../context.ts'
import { testContext } from '../testing/test-caller.ts'
import { flipLegacyBookmark } from './legacy-flip.handler.ts'
import { useBookmarkTestDatabase } from './testing/bookmark-test-database.ts'

const frame = useBookmarkTestDatabase(4)

/** The legacy REST call (`bookmarks/add-remove/:toolId`) runs this handler as the signed-in user. */
const flipAs = (user: SignedInUser, toolId: string) =>
  flipLegacyBookmark({ ctx: { ...testContext(frame.db.prisma, user), user }, input: { toolId } })

describe('flipLegacyBookmark (the legacy REST flip)', () => {
  it('adds the bookmark, and a second toggle returns to the start', async () => {
    const toolId = frame.toolIds[0]!
    expect(await flipAs(frame.ada, toolId)).toEqual({ toolId, bookmarked: true })
    expect(await frame.storedBookmarks(frame.ada, toolId)).toBe(1)
    expect(await flipAs(frame.ada, toolId)).toEqual({ toolId, bookmarked: false })
    expect(await frame.storedBookmarks(frame.ada, toolId)).toBe(0)
  })

  it('keeps a consistent state under a double click: two concurrent toggles cancel out, neither fails', async () => {
    const toolId = frame.toolIds[1]!
    const answers = await Promise.all([flipAs(frame.ada, toolId), flipAs(frame.ada, toolId)])
    expect(answers.map((answer) => answer.bookmarked).sort()).toEqual([false, true])
    expect(await frame.storedBookmarks(frame.ada, toolId)).toBe(0)
  })

  it('never fails or duplicates under many concurrent toggles', async () => {
    const toolId = frame.toolIds[2]!
    const answers = await Promise.all(Array.from({ length: 8 }, () => flipAs(frame.ada, toolId)))
    expect(answers).toHaveLength(8)
    expect(await frame.storedBookmarks(frame.ada, toolId)).toBeLessThanOrEqual(1)
  })

  it("leaves another user's bookmark of the same tool alone", async () => {
    const toolId = frame.toolIds[3]!
    await flipAs(frame.bob, toolId)
    await flipAs(frame.ada, toolId)
    await flipAs(frame.ada, toolId)
    expect(await frame.storedBookmarks(frame.bob, toolId)).toBe(1)
    expect(await frame.storedBookmarks(frame.ada, toolId)).toBe(0)
  })

  it('answers NOT_FOUND for an unknown tool', async () => {
    await expect(flipAs(frame.ada, '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})
