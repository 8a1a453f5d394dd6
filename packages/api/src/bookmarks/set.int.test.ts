import { describe, expect, it } from 'vitest'

import { callerFor } from '../testing/test-caller.ts'
import { useBookmarkTestDatabase } from './testing/bookmark-test-database.ts'

const frame = useBookmarkTestDatabase(6)

describe('bookmarks.set states the wanted result', () => {
  it('keeps the tool bookmarked when asked to bookmark it twice (a card out of date)', async () => {
    const toolId = frame.toolIds[0]!
    const caller = callerFor(frame.db.prisma, frame.ada)
    expect(await caller.bookmarks.set({ toolId, bookmarked: true })).toEqual({ toolId, bookmarked: true })
    expect(await caller.bookmarks.set({ toolId, bookmarked: true })).toEqual({ toolId, bookmarked: true })
    expect(await frame.storedBookmarks(frame.ada, toolId)).toBe(1)
  })

  it('removes the bookmark, and asking again to remove it leaves it removed', async () => {
    const toolId = frame.toolIds[0]!
    const caller = callerFor(frame.db.prisma, frame.ada)
    expect(await caller.bookmarks.set({ toolId, bookmarked: false })).toEqual({ toolId, bookmarked: false })
    expect(await frame.storedBookmarks(frame.ada, toolId)).toBe(0)
    expect(await caller.bookmarks.set({ toolId, bookmarked: false })).toEqual({ toolId, bookmarked: false })
    expect(await frame.storedBookmarks(frame.ada, toolId)).toBe(0)
  })

  it('answers not bookmarked when asked to remove a bookmark that was never there', async () => {
    const toolId = frame.toolIds[1]!
    expect(await callerFor(frame.db.prisma, frame.ada).bookmarks.set({ toolId, bookmarked: false })).toEqual({
      toolId,
      bookmarked: false,
    })
    expect(await frame.storedBookmarks(frame.ada, toolId)).toBe(0)
  })

  it('never fails or duplicates when the same state is asked for concurrently (a double click)', async () => {
    const toolId = frame.toolIds[2]!
    const caller = callerFor(frame.db.prisma, frame.ada)
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => caller.bookmarks.set({ toolId, bookmarked: true })),
    )
    expect(answers.every((answer) => answer.bookmarked)).toBe(true)
    expect(await frame.storedBookmarks(frame.ada, toolId)).toBe(1)
  })

  it("leaves another user's bookmarks of the same tool alone, both ways", async () => {
    const toolId = frame.toolIds[3]!
    await callerFor(frame.db.prisma, frame.bob).bookmarks.set({ toolId, bookmarked: true })
    await callerFor(frame.db.prisma, frame.ada).bookmarks.set({ toolId, bookmarked: true })
    await callerFor(frame.db.prisma, frame.ada).bookmarks.set({ toolId, bookmarked: false })
    expect(await frame.storedBookmarks(frame.bob, toolId)).toBe(1)
    expect(await frame.storedBookmarks(frame.ada, toolId)).toBe(0)

    const other = frame.toolIds[4]!
    await callerFor(frame.db.prisma, frame.ada).bookmarks.set({ toolId: other, bookmarked: true })
    await callerFor(frame.db.prisma, frame.bob).bookmarks.set({ toolId: other, bookmarked: false })
    expect(await frame.storedBookmarks(frame.ada, other)).toBe(1)
  })

  it('answers NOT_FOUND for an unknown tool either way, and stores nothing', async () => {
    const unknown = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b'
    const caller = callerFor(frame.db.prisma, frame.ada)
    await expect(caller.bookmarks.set({ toolId: unknown, bookmarked: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await expect(caller.bookmarks.set({ toolId: unknown, bookmarked: false })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(await frame.db.prisma.bookmark.count({ where: { toolId: unknown } })).toBe(0)
  })

  it('answers BAD_REQUEST without the wanted state or for a malformed id, UNAUTHORIZED signed out', async () => {
    const toolId = frame.toolIds[5]!
    const caller = callerFor(frame.db.prisma, frame.ada)
    // A bare `{ toolId }` was the old flip request: it must not be read as either state.
    await expect(caller.bookmarks.set({ toolId } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(caller.bookmarks.set({ toolId: "1' OR '1'='1", bookmarked: true })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    })
    await expect(callerFor(frame.db.prisma, null).bookmarks.set({ toolId, bookmarked: true })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    })
    expect(await frame.storedBookmarks(frame.ada, toolId)).toBe(0)
  })
})
