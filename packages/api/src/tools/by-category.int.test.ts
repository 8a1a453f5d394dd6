import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { inProcessCaches } from '../caching/caches.ts'
import type { SignedInUser } from '../context.ts'
import { fixtureTool, insertTools } from '../testing/catalogue-fixtures.ts'
import { callerFor, createTestUser } from '../testing/test-caller.ts'

let db: TestDatabase
/** One instance's caches, shared by every caller here as the server shares them between requests. */
const caches = inProcessCaches()
let ada: SignedInUser
let bob: SignedInUser
const ids: Record<'seo' | 'insta' | 'upcoming', string> = { seo: '', insta: '', upcoming: '' }

beforeAll(async () => {
  db = await createTestDatabase()
  await insertTools(db.prisma, [
    fixtureTool(1, { name: 'Keyword Planner', labels: ['All Tools', 'SEO Tools'] }),
    fixtureTool(2, { name: 'Insta Caption', labels: ['All Tools', 'Instagram'] }),
    fixtureTool(3, { name: 'Backlink Radar', labels: ['All Tools', 'SEO Tools', 'Upcoming Tools'], upcoming: true }),
  ])
  const tools = await db.prisma.tool.findMany({ select: { id: true, name: true } })
  const idOf = (name: string) => tools.find((tool) => tool.name === name)!.id
  ids.seo = idOf('Keyword Planner')
  ids.insta = idOf('Insta Caption')
  ids.upcoming = idOf('Backlink Radar')
  ada = await createTestUser(db.prisma, 'Ada')
  bob = await createTestUser(db.prisma, 'Bob')
  await db.prisma.bookmark.create({ data: { userId: ada.id, toolId: ids.insta } })
})
afterAll(() => db.close())

describe('tools.categories', () => {
  it('lists the labels in use, All Tools first, in the fixed order', async () => {
    expect(await callerFor(db.prisma, null, { caches }).tools.categories()).toEqual([
      'All Tools',
      'SEO Tools',
      'Instagram',
      'Upcoming Tools',
    ])
  })
})

describe('tools.byCategory', () => {
  it('lists every tool under All Tools, oldest first, with the card fields', async () => {
    const cards = await callerFor(db.prisma, null, { caches }).tools.byCategory({ category: 'All Tools' })
    expect(cards.map((card) => card.name)).toEqual(['Keyword Planner', 'Insta Caption', 'Backlink Radar'])
    expect(cards[2]).toEqual({
      id: ids.upcoming,
      name: 'Backlink Radar',
      accoName: 'Backlink Radar',
      tagLine: expect.any(String),
      logo: expect.stringMatching(/^\/logos\//),
      labels: ['All Tools', 'SEO Tools', 'Upcoming Tools'],
      groupBy: 'SEO Tools',
      kind: 'generic',
      upcoming: true,
      isBookmarked: false,
    })
  })

  it('lists the tools carrying a label, matching a fixed label in any case', async () => {
    const cards = await callerFor(db.prisma, null, { caches }).tools.byCategory({ category: 'seo tools' })
    expect(cards.map((card) => card.id)).toEqual([ids.seo, ids.upcoming])
  })

  it('answers an empty list for a label no tool carries', async () => {
    expect(await callerFor(db.prisma, null, { caches }).tools.byCategory({ category: 'Knitting Patterns' })).toEqual([])
    expect(await callerFor(db.prisma, ada, { caches }).tools.byCategory({ category: 'My Tools' })).toEqual([])
  })

  it("marks the caller's bookmarks, and only the caller's", async () => {
    const asAda = await callerFor(db.prisma, ada, { caches }).tools.byCategory({ category: 'All Tools' })
    expect(asAda.filter((card) => card.isBookmarked).map((card) => card.id)).toEqual([ids.insta])
    const asBob = await callerFor(db.prisma, bob, { caches }).tools.byCategory({ category: 'All Tools' })
    expect(asBob.some((card) => card.isBookmarked)).toBe(false)
    const signedOut = await callerFor(db.prisma, null, { caches }).tools.byCategory({ category: 'All Tools' })
    expect(signedOut.some((card) => card.isBookmarked)).toBe(false)
  })

  it('refuses a blank or overlong category', async () => {
    const caller = callerFor(db.prisma, null, { caches })
    await expect(caller.tools.byCategory({ category: '  ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(caller.tools.byCategory({ category: 'x'.repeat(101) })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })

  it.each(['\u0000', 'SEO\u0000Tools', 'SEO Tools\n\u0000', 'SEO\u001fTools', 'SEO\tTools'])(
    'refuses the category %j, which holds a control character, before any query',
    async (category) => {
      await expect(callerFor(db.prisma, null, { caches }).tools.byCategory({ category })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('Category must be a single line of text'),
      })
    },
  )

  it('serves the cached list until the catalogue is invalidated', async () => {
    const caller = callerFor(db.prisma, null, { caches })
    expect(await caller.tools.byCategory({ category: 'Email Tools' })).toEqual([])
    expect(await caller.tools.categories()).not.toContain('Email Tools')
    await insertTools(db.prisma, [fixtureTool(4, { name: 'Cold Email Opener', labels: ['All Tools', 'Email Tools'] })])

    expect(await caller.tools.byCategory({ category: 'Email Tools' })).toEqual([])
    void caches.catalogue.changed()
    expect((await caller.tools.byCategory({ category: 'Email Tools' })).map((card) => card.name)).toEqual([
      'Cold Email Opener',
    ])
    expect(await caller.tools.categories()).toContain('Email Tools')
    expect(await caller.tools.byCategory({ category: 'All Tools' })).toHaveLength(4)
  })

  it('matches a label stored in NFC when the category comes with combining accents (NFD)', async () => {
    await insertTools(db.prisma, [fixtureTool(5, { name: 'Menu Writer', labels: ['All Tools', 'Caf\u00e9 Tools'] })])
    const cards = await callerFor(db.prisma, null, { caches }).tools.byCategory({ category: 'Cafe\u0301 Tools' })
    expect(cards.map((card) => card.name)).toEqual(['Menu Writer'])
  })
})
