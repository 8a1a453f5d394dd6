import { describe, expect, it } from 'vitest'

import { callerFor } from '../testing/test-caller.ts'
import { useBookmarkTestDatabase } from './testing/bookmark-test-database.ts'

const frame = useBookmarkTestDatabase(5)

describe('bookmarks.list', () => {
  it('lists the caller’s bookmarks newest first, each marked bookmarked', async () => {
    const caller = callerFor(frame.db.prisma, frame.ada)
    for (const index of [2, 0, 4]) await caller.bookmarks.set({ toolId: frame.toolIds[index]!, bookmarked: true })
    // Stamped to the millisecond: three made back to back can share one, and then no order is newest.
    // A second apart, in the order they were made.
    for (const [second, index] of [2, 0, 4].entries()) {
      await frame.db.prisma.bookmark.update({
        where: { userId_toolId: { userId: frame.ada.id, toolId: frame.toolIds[index]! } },
        data: { createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, second)) },
      })
    }
    const cards = await caller.bookmarks.list()
    expect(cards.map((card) => card.id)).toEqual([frame.toolIds[4], frame.toolIds[0], frame.toolIds[2]])
    expect(cards.every((card) => card.isBookmarked)).toBe(true)
    expect(cards[0]).toMatchObject({ name: expect.any(String), logo: expect.any(String), tagLine: expect.any(String) })
  })

  it("never shows another user's bookmarks", async () => {
    expect(await callerFor(frame.db.prisma, frame.bob).bookmarks.list()).toEqual([])
    await callerFor(frame.db.prisma, frame.bob).bookmarks.set({ toolId: frame.toolIds[1]!, bookmarked: true })
    expect((await callerFor(frame.db.prisma, frame.bob).bookmarks.list()).map((card) => card.id)).toEqual([
      frame.toolIds[1],
    ])
    expect((await callerFor(frame.db.prisma, frame.ada).bookmarks.list()).map((card) => card.id)).not.toContain(
      frame.toolIds[1],
    )
  })

  it('drops a bookmark once removed, and is UNAUTHORIZED signed out', async () => {
    await callerFor(frame.db.prisma, frame.ada).bookmarks.set({ toolId: frame.toolIds[0]!, bookmarked: false })
    expect((await callerFor(frame.db.prisma, frame.ada).bookmarks.list()).map((card) => card.id)).toEqual([
      frame.toolIds[4],
      frame.toolIds[2],
    ])
    await expect(callerFor(frame.db.prisma, null).bookmarks.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})
