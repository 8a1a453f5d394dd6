import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_PERSONAL_TOOL_LIMIT } from '@promptly/core/config/env-fields'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { toggleBookmark } from '../bookmarks/legacy-flip.handler.ts'
import type { SignedInUser } from '../context.ts'
import { balanceOf, userWithBalance } from '../credits/testing/users-with-credits.ts'
import type { GenerationEvent } from '../generation/run.schema.ts'
import { fakeAiProvider } from '../generation/testing/fake-ai-provider.ts'
import { callerFor, testContext, type TestContextOptions } from '../testing/test-caller.ts'
import { accoNameTakenMessage } from '../tool-builder/builder-writes.ts'
import { PUBLISHED_PERSONAL_TOOL_MESSAGE } from '../tool-builder/personal-scope.ts'
import {
  BUILDER_DRAFT_VALUES,
  builderDraft,
  createTestAdmin,
  REVIEW_REASON,
} from '../tool-builder/testing/builder-fixtures.ts'
import { personalToolLimitMessage } from './personal-create.handler.ts'

let db: TestDatabase
let admin: SignedInUser
let catalogueToolId: string

const ai = fakeAiProvider({ text: (prompt) => `<p>Written for: ${prompt}</p>` })

beforeAll(async () => {
  db = await createTestDatabase()
  admin = await createTestAdmin(db.prisma)
  catalogueToolId = (await callerFor(db.prisma, admin).admin.tools.create(builderDraft())).id
})
afterAll(() => db.close())

/** A new account with its 30 trial credits, so it can run tools. */
async function newUser(name: string): Promise<SignedInUser> {
  const id = await userWithBalance(db.prisma, name, 30)
  return { ...(await db.prisma.user.findUniqueOrThrow({ where: { id } })), isAdmin: false }
}

const as = (user: SignedInUser | null, options: TestContextOptions = {}) =>
  callerFor(db.prisma, user, { ai, ...options })

async function run(user: SignedInUser, toolId: string): Promise<GenerationEvent[]> {
  const events: GenerationEvent[] = []
  for await (const event of await as(user).generation.run({ toolId, groups: BUILDER_DRAFT_VALUES })) events.push(event)
  return events
}

describe('tools.personal: the owner', () => {
  it('builds a private tool, lists, reads, opens and runs it', async () => {
    const ada = await newUser('Ada')
    const draft = builderDraft({ labels: ['Press Releases'], groupBy: 'Press Releases' })
    const { id } = await as(ada).tools.personal.create(draft)

    expect(await as(ada).tools.personal.get({ id })).toMatchObject({ id, published: false, ownerId: ada.id })
    expect(await as(ada).tools.personal.list()).toEqual([
      expect.objectContaining({ id, name: draft.name, published: false, isBookmarked: false }),
    ])
    const { tool, similar } = await as(ada).tools.get({ id })
    expect(tool).toMatchObject({ id, name: draft.name, groups: [[{ type: 'input' }, { options: ['Warm', 'Dry'] }]] })
    expect(similar).toEqual([])

    const events = await run(ada, id)
    expect(events.at(-1)).toMatchObject({ type: 'done', output: expect.stringContaining('Spring sale') })
    expect(await balanceOf(db.prisma, ada.id)).toBe(29)
  })

  it('updates and deletes it', async () => {
    const ada = await newUser('Ada')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    const renamed = builderDraft({ name: 'My Renamed Tool' })
    expect(await as(ada).tools.personal.update({ id, tool: renamed })).toMatchObject({ id, name: 'My Renamed Tool' })
    expect((await as(ada).tools.get({ id })).tool.name).toBe('My Renamed Tool')
    expect(await as(ada).tools.personal.delete({ id })).toEqual({ id, deleted: true })
    await expect(as(ada).tools.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await as(ada).tools.personal.list()).toEqual([])
  })

  it('bookmarks it, and finds it among their bookmarks', async () => {
    const ada = await newUser('Ada')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    expect(await as(ada).bookmarks.set({ toolId: id, bookmarked: true })).toEqual({ toolId: id, bookmarked: true })
    expect((await as(ada).bookmarks.list()).map((card) => card.id)).toEqual([id])
  })

  it('can no longer change it once an admin put it in the catalogue', async () => {
    const ada = await newUser('Ada')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    await callerFor(db.prisma, admin).admin.tools.publish({ id, published: true, reason: REVIEW_REASON })
    const refused = { code: 'FORBIDDEN', message: PUBLISHED_PERSONAL_TOOL_MESSAGE }
    await expect(as(ada).tools.personal.update({ id, tool: builderDraft() })).rejects.toMatchObject(refused)
    await expect(as(ada).tools.personal.delete({ id })).rejects.toMatchObject(refused)
    expect(await as(ada).tools.personal.list()).toEqual([expect.objectContaining({ id, published: true })])
  })

  it('cannot take an accoName any other tool has: CONFLICT', async () => {
    const ada = await newUser('Ada')
    const catalogueTool = await callerFor(db.prisma, admin).admin.tools.get({ id: catalogueToolId })
    const draft = builderDraft({ accoName: catalogueTool.accoName })
    await expect(as(ada).tools.personal.create(draft)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: accoNameTakenMessage(catalogueTool.accoName),
    })
  })
})

describe('tools.personal: another user', () => {
  it('cannot read, change or delete it: NOT_FOUND, and nothing changes', async () => {
    const ada = await newUser('Ada')
    const bob = await newUser('Bob')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    const before = await db.prisma.tool.findUniqueOrThrow({ where: { id } })

    await expect(as(bob).tools.personal.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(as(bob).tools.personal.update({ id, tool: builderDraft() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await expect(as(bob).tools.personal.delete({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await as(bob).tools.personal.list()).toEqual([])
    expect(await db.prisma.tool.findUniqueOrThrow({ where: { id } })).toEqual(before)
  })

  it('cannot open or run it, and is charged nothing', async () => {
    const ada = await newUser('Ada')
    const bob = await newUser('Bob')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    for (const other of [bob, null]) {
      await expect(as(other).tools.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    }
    await expect(run(bob, id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await balanceOf(db.prisma, bob.id)).toBe(30)
    expect(await db.prisma.generation.count({ where: { userId: bob.id } })).toBe(0)
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
    const { similar } = await as(bob).tools.get({ id: catalogueToolId })
    expect(similar.map((tool) => tool.id)).not.toContain(id)
  })

  it('cannot bookmark it, by either door, and does not keep one from when it was published', async () => {
    const ada = await newUser('Ada')
    const bob = await newUser('Bob')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    await expect(as(bob).bookmarks.set({ toolId: id, bookmarked: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    const bobContext = { ...testContext(db.prisma, bob), user: bob }
    await expect(toggleBookmark({ ctx: bobContext, input: { toolId: id } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(await db.prisma.bookmark.count({ where: { userId: bob.id } })).toBe(0)

    // Published for a while, bookmarked by Bob, then taken back out: Bob's bookmarks no longer show it.
    await callerFor(db.prisma, admin).admin.tools.publish({ id, published: true, reason: REVIEW_REASON })
    await as(bob).bookmarks.set({ toolId: id, bookmarked: true })
    expect((await as(bob).bookmarks.list()).map((card) => card.id)).toEqual([id])
    await callerFor(db.prisma, admin).admin.tools.publish({ id, published: false })
    expect(await as(bob).bookmarks.list()).toEqual([])
    await expect(run(bob, id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('the personal tool limit', () => {
  it(`is ${DEFAULT_PERSONAL_TOOL_LIMIT} private tools by default`, async () => {
    expect(testContext(db.prisma, null).personalToolLimit).toBe(DEFAULT_PERSONAL_TOOL_LIMIT)
  })

  it('refuses one more private tool with CONFLICT; deleting one, or a publish, makes room', async () => {
    const ada = await newUser('Ada')
    const limited = as(ada, { personalToolLimit: 2 })
    const first = await limited.tools.personal.create(builderDraft())
    await limited.tools.personal.create(builderDraft())
    const extra = builderDraft()
    await expect(limited.tools.personal.create(extra)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: personalToolLimitMessage(2),
    })
    expect(await db.prisma.tool.count({ where: { name: extra.name } })).toBe(0)

    await limited.tools.personal.delete({ id: first.id })
    const third = await limited.tools.personal.create(builderDraft())
    await callerFor(db.prisma, admin).admin.tools.publish({ id: third.id, published: true, reason: REVIEW_REASON })
    await limited.tools.personal.create(builderDraft())
    expect(await db.prisma.tool.count({ where: { ownerId: ada.id, published: false } })).toBe(2)
  })

  it('holds when several creations race', async () => {
    const ada = await newUser('Ada')
    const limited = as(ada, { personalToolLimit: 3 })
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => limited.tools.personal.create(builderDraft())),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3)
    const refusals = results.filter((result) => result.status === 'rejected')
    expect(refusals.map((result) => (result.reason as { code: string }).code)).toEqual(Array(3).fill('CONFLICT'))
    expect(await db.prisma.tool.count({ where: { ownerId: ada.id } })).toBe(3)
  })

  it('of 0 turns personal tools off', async () => {
    const ada = await newUser('Ada')
    await expect(as(ada, { personalToolLimit: 0 }).tools.personal.create(builderDraft())).rejects.toMatchObject({
      code: 'CONFLICT',
      message: personalToolLimitMessage(0),
    })
  })
})

describe('tools.personal signed out', () => {
  it('is UNAUTHORIZED', async () => {
    await expect(as(null).tools.personal.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    await expect(as(null).tools.personal.create(builderDraft())).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})
