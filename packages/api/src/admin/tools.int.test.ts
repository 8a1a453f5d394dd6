import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { INSTAGRAM_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../context.ts'
import { callerFor, createTestUser } from '../testing/test-caller.ts'
import { accoNameTakenMessage } from '../tool-builder/builder-writes.ts'
import { builderDraft, createTestAdmin, REVIEW_REASON } from '../tool-builder/testing/builder-fixtures.ts'
import { NO_OWNER_TO_KEEP_MESSAGE } from './tools-publish.handler.ts'

let db: TestDatabase
let admin: SignedInUser
let ada: SignedInUser
const MISSING_ID = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  db = await createTestDatabase({ seed: true })
  admin = await createTestAdmin(db.prisma)
  ada = await createTestUser(db.prisma, 'Ada')
})
afterAll(() => db.close())

const asAdmin = () => callerFor(db.prisma, admin)

describe('admin.tools: only admins', () => {
  const calls = {
    create: (caller: ReturnType<typeof callerFor>) => caller.admin.tools.create(builderDraft()),
    update: (caller: ReturnType<typeof callerFor>) =>
      caller.admin.tools.update({ id: INSTAGRAM_BIO_TOOL_ID, tool: builderDraft() }),
    delete: (caller: ReturnType<typeof callerFor>) => caller.admin.tools.delete({ id: INSTAGRAM_BIO_TOOL_ID }),
    get: (caller: ReturnType<typeof callerFor>) => caller.admin.tools.get({ id: INSTAGRAM_BIO_TOOL_ID }),
    publish: (caller: ReturnType<typeof callerFor>) =>
      caller.admin.tools.publish({ id: INSTAGRAM_BIO_TOOL_ID, published: true }),
  }

  it.each(Object.keys(calls) as (keyof typeof calls)[])(
    '%s is UNAUTHORIZED signed out and FORBIDDEN for a user, and changes nothing',
    async (name) => {
      const before = await db.prisma.tool.findMany({ orderBy: { id: 'asc' } })
      await expect(calls[name](callerFor(db.prisma, null))).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
      await expect(calls[name](callerFor(db.prisma, ada))).rejects.toMatchObject({ code: 'FORBIDDEN' })
      expect(await db.prisma.tool.findMany({ orderBy: { id: 'asc' } })).toEqual(before)
    },
  )
})

describe('admin.tools.create', () => {
  it('publishes the tool at once, built by the admin, with the builder rules applied', async () => {
    const draft = builderDraft({
      labels: ['email tools', 'Upcoming Tools'],
      groups: [[{ text: 'Colour', type: 'other', otherType: 'color-picker', options: ['', 'red'], required: false }]],
    })
    const { id } = await asAdmin().admin.tools.create(draft)
    const tool = await asAdmin().admin.tools.get({ id })
    expect(tool).toMatchObject({
      id,
      name: draft.name,
      accoName: draft.accoName,
      labels: ['All Tools', 'Email Tools', 'Upcoming Tools'],
      groupBy: 'Email Tools',
      upcoming: true,
      kind: 'generic',
      published: true,
      ownerId: admin.id,
      groups: [[{ text: 'Colour', placeholder: '', gpt: '', type: 'color-picker', options: ['red'], required: false }]],
      faq: draft.faq,
    })
    const row = await db.prisma.tool.findUniqueOrThrow({ where: { id } })
    expect(row.slug).toMatch(new RegExp(`-${id.slice(0, 8)}$`))
  })

  it('refuses a taken accoName with CONFLICT naming the field, and stores nothing', async () => {
    const first = builderDraft()
    await asAdmin().admin.tools.create(first)
    const clash = builderDraft({ accoName: first.accoName })
    await expect(asAdmin().admin.tools.create(clash)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: accoNameTakenMessage(first.accoName),
    })
    expect(await db.prisma.tool.count({ where: { name: clash.name } })).toBe(0)
  })

  it.each([
    ['a label off the fixed list', { labels: ['Email Tools', 'Podcasts'] }],
    ['a groupBy that is not one of its labels', { groupBy: 'SEO Tools' }],
    ['a logo that is neither a listed icon nor an http(s) URL', { logo: '/api/v1/keys' }],
    ['no form', { groups: [] }],
  ])('refuses %s with BAD_REQUEST', async (_case, overrides) => {
    const draft = builderDraft(overrides)
    await expect(asAdmin().admin.tools.create(draft)).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    expect(await db.prisma.tool.count({ where: { name: draft.name } })).toBe(0)
  })
})

describe('admin.tools.update', () => {
  it('rewrites the tool, keeping its owner and catalogue state, and the catalogue serves it at once', async () => {
    const { id } = await asAdmin().admin.tools.create(builderDraft())
    const reader = callerFor(db.prisma, null)
    await reader.tools.get({ id })
    const renamed = builderDraft({ name: 'Renamed Newsletter Intro', labels: ['SEO Tools'], groupBy: 'SEO Tools' })
    const saved = await asAdmin().admin.tools.update({ id, tool: renamed })
    expect(saved).toMatchObject({ id, name: renamed.name, labels: ['All Tools', 'SEO Tools'], published: true })
    expect((await reader.tools.get({ id })).tool.name).toBe(renamed.name)
    const seo = await reader.tools.byCategory({ category: 'SEO Tools' })
    expect(seo.map((card) => card.id)).toContain(id)
  })

  it("keeps a dedicated tool's kind, which needs no form", async () => {
    const paraphrase = await db.prisma.tool.findFirstOrThrow({ where: { kind: 'paraphrase' } })
    const draft = builderDraft({
      name: paraphrase.name,
      accoName: paraphrase.accoName,
      groups: [],
      labels: paraphrase.labels,
      groupBy: paraphrase.groupBy,
    })
    const saved = await asAdmin().admin.tools.update({ id: paraphrase.id, tool: draft })
    expect(saved).toMatchObject({ kind: 'paraphrase', groups: [], description: draft.description })
  })

  it('refuses an accoName another tool has with CONFLICT, and keeps its own', async () => {
    const mine = builderDraft()
    const other = builderDraft()
    const { id } = await asAdmin().admin.tools.create(mine)
    await asAdmin().admin.tools.create(other)
    await expect(
      asAdmin().admin.tools.update({ id, tool: { ...mine, accoName: other.accoName } }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('accoName') })
    const saved = await asAdmin().admin.tools.update({ id, tool: { ...mine, tagLine: 'A new line' } })
    expect(saved).toMatchObject({ accoName: mine.accoName, tagLine: 'A new line' })
  })

  it('is NOT_FOUND for an unknown id', async () => {
    await expect(asAdmin().admin.tools.update({ id: MISSING_ID, tool: builderDraft() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})

describe('admin.tools.delete', () => {
  it('removes the tool from the catalogue, and the cache does not serve the old one', async () => {
    const draft = builderDraft()
    const { id } = await asAdmin().admin.tools.create(draft)
    const reader = callerFor(db.prisma, null)
    expect((await reader.tools.get({ id })).tool.id).toBe(id)
    expect((await reader.tools.byCategory({ category: 'Newsletters' })).map((card) => card.id)).toContain(id)

    expect(await asAdmin().admin.tools.delete({ id })).toEqual({ id, deleted: true })
    await expect(reader.tools.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect((await reader.tools.byCategory({ category: 'Newsletters' })).map((card) => card.id)).not.toContain(id)
    expect(await reader.tools.search({ text: draft.name })).toEqual([])
    await expect(asAdmin().admin.tools.delete({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('admin.tools.publish', () => {
  it("puts a user's personal tool into the catalogue and takes it back out to its owner", async () => {
    const { id } = await callerFor(db.prisma, ada).tools.personal.create(builderDraft())
    const reader = callerFor(db.prisma, null)
    await expect(reader.tools.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })

    const reason = REVIEW_REASON
    expect(await asAdmin().admin.tools.publish({ id, published: true, reason })).toEqual({ id, published: true })
    expect((await reader.tools.get({ id })).tool.id).toBe(id)
    expect((await reader.tools.byCategory({ category: 'All Tools' })).map((card) => card.id)).toContain(id)

    await asAdmin().admin.tools.publish({ id, published: false })
    await expect(reader.tools.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect((await reader.tools.byCategory({ category: 'All Tools' })).map((card) => card.id)).not.toContain(id)
    expect((await callerFor(db.prisma, ada).tools.get({ id })).tool.id).toBe(id)
  })

  it('will not hide a seeded tool, which has no owner to keep it', async () => {
    await expect(asAdmin().admin.tools.publish({ id: INSTAGRAM_BIO_TOOL_ID, published: false })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: NO_OWNER_TO_KEEP_MESSAGE,
    })
    expect(await db.prisma.tool.findUniqueOrThrow({ where: { id: INSTAGRAM_BIO_TOOL_ID } })).toMatchObject({
      published: true,
    })
    await expect(asAdmin().admin.tools.publish({ id: MISSING_ID, published: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})

describe('the catalogue cache', () => {
  it("never serves a personal tool to anyone else, even right after its owner's reads filled it", async () => {
    const owner = callerFor(db.prisma, ada)
    const { id } = await owner.tools.personal.create(builderDraft())
    // The owner's reads go first, so a cache that kept what they saw would now answer the others.
    expect((await owner.tools.get({ id })).tool.id).toBe(id)
    await owner.tools.byCategory({ category: 'Newsletters' })
    await owner.tools.categories()

    for (const other of [callerFor(db.prisma, null), callerFor(db.prisma, admin)]) {
      await expect(other.tools.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
      expect((await other.tools.byCategory({ category: 'Newsletters' })).map((card) => card.id)).not.toContain(id)
    }
  })
})
