import { describe, expect, it } from 'vitest'

import { flipLegacyBookmark } from '../bookmarks/legacy-flip.handler.ts'
import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { testContext } from '../testing/test-caller.ts'
import { builderDraft, REVIEW_REASON } from '../tool-builder/testing/builder-fixtures.ts'
import { usePersonalToolsFrame } from '../tool-builder/testing/personal-tools-frame.ts'

/**
 * The rule of tool-visibility.ts at every read that is not the builder's own: a personal tool is
 * seen, opened, run and bookmarked by its owner alone, and is in no one's catalogue.
 */

const frame = usePersonalToolsFrame()
const { as, newUser, run } = frame

describe('a personal tool, for its owner', () => {
  it('bookmarks it, and finds it among their bookmarks', async () => {
    const ada = await newUser('Ada')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    expect(await as(ada).bookmarks.set({ toolId: id, bookmarked: true })).toEqual({ toolId: id, bookmarked: true })
    expect((await as(ada).bookmarks.list()).map((card) => card.id)).toEqual([id])
  })
})

describe('a personal tool, for another user', () => {
  it('cannot open or run it, and is charged nothing', async () => {
    const ada = await newUser('Ada')
    const bob = await newUser('Bob')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    for (const other of [bob, null]) {
      await expect(as(other).tools.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    }
    await expect(run(bob, id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await balanceOf(frame.db.prisma, bob.id)).toBe(30)
    expect(await frame.db.prisma.generation.count({ where: { userId: bob.id } })).toBe(0)
  })

  it('finds it in no list, search or category, signed in or out', async () => {
    const ada = await newUser('Ada')
    const bob = await newUser('Bob')
    const draft = builderDraft({ labels: ['Press Releases'], groupBy: 'Press Releases' })
    const { id } = await as(ada).tools.personal.create(draft)
    for (const caller of [as(bob), as(null), as(ada)]) {
      expect((await caller.tools.byCategory({ category: 'All Tools' })).map((card) => card.id)).not.toContain(id)
      expect(await caller.tools.byCategory({ category: 'Press Releases' })).toEqual([])
      expect(await caller.tools.search({ text: draft.name })).toEqual([])
      expect(await caller.tools.categories()).not.toContain('Press Releases')
    }
    // Its similar tools come from the catalogue only: it is nobody's related tool either.
    const { similar } = await as(bob).tools.get({ id: frame.catalogueToolId })
    expect(similar.map((tool) => tool.id)).not.toContain(id)
  })

  it('cannot bookmark it, by either door, and does not keep one from when it was published', async () => {
    const ada = await newUser('Ada')
    const bob = await newUser('Bob')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    await expect(as(bob).bookmarks.set({ toolId: id, bookmarked: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    const bobContext = { ...testContext(frame.db.prisma, bob), user: bob }
    await expect(flipLegacyBookmark({ ctx: bobContext, input: { toolId: id } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(await frame.db.prisma.bookmark.count({ where: { userId: bob.id } })).toBe(0)

    // Published for a while, bookmarked by Bob, then taken back out: Bob's bookmarks no longer show it.
    await as(frame.admin).admin.tools.publish({ id, published: true, reason: REVIEW_REASON })
    await as(bob).bookmarks.set({ toolId: id, bookmarked: true })
    expect((await as(bob).bookmarks.list()).map((card) => card.id)).toEqual([id])
    await as(frame.admin).admin.tools.publish({ id, published: false })
    expect(await as(bob).bookmarks.list()).toEqual([])
    await expect(run(bob, id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('the catalogue cache', () => {
  it("never serves a personal tool to anyone else, even right after its owner's reads filled it", async () => {
    const ada = await newUser('Ada')
    const owner = as(ada)
    const { id } = await owner.tools.personal.create(builderDraft())
    // The owner's reads go first, so a cache that kept what they saw would now answer the others.
    expect((await owner.tools.get({ id })).tool.id).toBe(id)
    await owner.tools.byCategory({ category: 'Newsletters' })
    await owner.tools.categories()

    for (const other of [as(null), as(frame.admin)]) {
      await expect(other.tools.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
      expect((await other.tools.byCategory({ category: 'Newsletters' })).map((card) => card.id)).not.toContain(id)
    }
  })
})
