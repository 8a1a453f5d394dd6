import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { inProcessCaches } from '../caching/caches.ts'
import type { SignedInUser } from '../context.ts'
import { fixtureCatalogue, fixtureTool, insertTools } from '../testing/catalogue-fixtures.ts'
import { callerFor, createTestUser } from '../testing/test-caller.ts'
import { searchQuery } from './search.handler.ts'
import { SEARCH_RESULT_LIMIT } from './search.schema.ts'

let db: TestDatabase
/** One instance's caches, shared by every caller here as the server shares them between requests. */
const caches = inProcessCaches()
let ada: SignedInUser
let bob: SignedInUser

// Names and taglines chosen so each metacharacter occurs in exactly one tool.
const TOOLS: { name: string; tagLine: string; labels?: string[] }[] = [
  { name: 'Price (USD) Explainer', tagLine: 'Explains a price.' },
  { name: 'Regex .* Helper', tagLine: 'Builds patterns.' },
  { name: 'Discount 100% Writer', tagLine: 'Sale copy.' },
  { name: 'snake_case Namer', tagLine: 'Names variables.' },
  { name: 'Path C:\\Users Fixer', tagLine: 'Fixes paths.' },
  { name: "O'Reilly Bio", tagLine: 'Author bios.' },
  { name: 'Holiday Card Writer', tagLine: 'Cards for your INSTAGRAM followers.' },
  { name: 'Instagram Bio Generator', tagLine: 'Bios that fit.' },
  { name: 'Reels Planner', tagLine: 'Plans short videos.', labels: ['All Tools', 'Instagram'] },
  { name: 'My Instagram Hashtags', tagLine: 'Tags.' },
]

beforeAll(async () => {
  db = await createTestDatabase()
  await insertTools(
    db.prisma,
    TOOLS.map((tool, index) => fixtureTool(index, { labels: ['All Tools', 'Blog Creator'], ...tool })),
  )
  ada = await createTestUser(db.prisma, 'Ada')
  bob = await createTestUser(db.prisma, 'Bob')
})
afterAll(() => db.close())

const names = (cards: { name: string }[]) => cards.map((card) => card.name)

describe('tools.search', () => {
  it.each([
    ['(', ['Price (USD) Explainer']],
    ['.*', ['Regex .* Helper']],
    ['%', ['Discount 100% Writer']],
    ['_', ['snake_case Namer']],
    ['\\', ['Path C:\\Users Fixer']],
    ["'", ["O'Reilly Bio"]],
    ['[a-z]+', []],
    ['%%', []],
    ['\\%', []],
  ])('treats %j literally', async (text, expected) => {
    expect(names(await callerFor(db.prisma, null, { caches }).tools.search({ text }))).toEqual(expected)
  })

  it(
    'ignores case, and ranks name matches first (earlier ' + 'in the name first), then tagline and label matches',
    async () => {
      const results = names(await callerFor(db.prisma, null, { caches }).tools.search({ text: 'instagram' }))
      expect(results).toEqual([
        'Instagram Bio Generator',
        'My Instagram Hashtags',
        'Holiday Card Writer',
        'Reels Planner',
      ])
    },
  )

  it('finds a tool by a label it carries, but not every tool through All Tools', async () => {
    const blogTools = names(await callerFor(db.prisma, null, { caches }).tools.search({ text: 'blog creat' }))
    expect(blogTools).toHaveLength(TOOLS.length - 1)
    expect(blogTools).not.toContain('Reels Planner') // labelled Instagram, not Blog Creator
    expect(await callerFor(db.prisma, null, { caches }).tools.search({ text: 'all tools' })).toEqual([])
  })

  it('trims the text and finds nothing for empty or blank text, without refusing it', async () => {
    expect(names(await callerFor(db.prisma, null, { caches }).tools.search({ text: '  snake_case  ' }))).toEqual([
      'snake_case Namer',
    ])
    expect(await callerFor(db.prisma, null, { caches }).tools.search({ text: '' })).toEqual([])
    expect(await callerFor(db.prisma, null, { caches }).tools.search({ text: '   ' })).toEqual([])
    expect(await callerFor(db.prisma, null, { caches }).tools.search({ text: 'nul\u0000char' })).toEqual([])
  })

  it('never matches across a name and its tagline, and finds nothing for text with control characters', async () => {
    const caller = callerFor(db.prisma, null, { caches })
    expect(names(await caller.tools.search({ text: 'explainer' }))).toEqual(['Price (USD) Explainer'])
    expect(names(await caller.tools.search({ text: 'explains a' }))).toEqual(['Price (USD) Explainer'])
    expect(await caller.tools.search({ text: 'explainer explains' })).toEqual([])
    expect(await caller.tools.search({ text: 'explainer\u001fexplains' })).toEqual([])
  })

  it('follows a renamed tool: the search columns are kept by the database on every write', async () => {
    const tool = await db.prisma.tool.create({
      data: fixtureTool(7000, { name: 'Quokka Caption Maker', tagLine: 'Captions.' }),
    })
    const caller = callerFor(db.prisma, null, { caches })
    expect(names(await caller.tools.search({ text: 'QUOKKA' }))).toEqual(['Quokka Caption Maker'])
    await db.prisma.tool.update({
      where: { id: tool.id },
      data: { name: 'Wombat Caption Maker', tagLine: 'Quokka-free captions.' },
    })
    expect(names(await caller.tools.search({ text: 'wombat' }))).toEqual(['Wombat Caption Maker'])
    // Now a tagline match only: after the name matches, by name.
    expect(names(await caller.tools.search({ text: 'quokka' }))).toEqual(['Wombat Caption Maker'])
    await db.prisma.tool.delete({ where: { id: tool.id } })
  })

  it('is served by the trigram index on the search column, whatever the text', async () => {
    // With sequential scans priced out, the plan shows whether the index can serve the statement at
    // all: matching on the name and tagline columns, or on an expression of them, would lose it.
    for (const text of ['bio', 'explainer explains', '100%']) {
      const statement = searchQuery({ text, labels: [], userId: null })
      const plan = await db.raw.transaction(async (tx) => {
        await tx.exec('SET LOCAL enable_seqscan = off')
        const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.text}`, statement.values)
        return rows.map((row) => row['QUERY PLAN']).join('\n')
      })
      expect(plan).toContain('tools_search_text_trgm_idx')
    }
  })

  it("marks the caller's bookmarks in the results, and only the caller's", async () => {
    const bio = await db.prisma.tool.findFirstOrThrow({ where: { name: 'Instagram Bio Generator' } })
    await db.prisma.bookmark.create({ data: { userId: ada.id, toolId: bio.id } })
    const asAda = await callerFor(db.prisma, ada, { caches }).tools.search({ text: 'instagram' })
    expect(asAda.filter((card) => card.isBookmarked).map((card) => card.id)).toEqual([bio.id])
    const asBob = await callerFor(db.prisma, bob, { caches }).tools.search({ text: 'instagram' })
    expect(asBob.some((card) => card.isBookmarked)).toBe(false)
  })

  it('refuses text over 200 characters, counting characters as the search box cuts them', async () => {
    const caller = callerFor(db.prisma, null, { caches })
    await expect(caller.tools.search({ text: 'x'.repeat(201) })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(caller.tools.search({ text: '\u{1F600}'.repeat(201) })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    // 200 emoji are 400 UTF-16 units: still 200 characters, as the web app counts them.
    expect(await caller.tools.search({ text: '\u{1F600}'.repeat(200) })).toEqual([])
  })

  it('finds a name or label stored in NFC from text typed with combining accents (NFD)', async () => {
    await insertTools(db.prisma, [
      fixtureTool(6000, {
        name: 'Caf\u00e9 Menu Writer',
        tagLine: 'Dishes, described.',
        labels: ['All Tools', 'P\u00e2tisserie'],
      }),
    ])
    const caller = callerFor(db.prisma, null, { caches })
    expect(names(await caller.tools.search({ text: 'Cafe\u0301' }))).toEqual(['Caf\u00e9 Menu Writer'])
    expect(names(await caller.tools.search({ text: 'CAFE\u0301 MENU' }))).toEqual(['Caf\u00e9 Menu Writer'])
    expect(names(await caller.tools.search({ text: 'Caf\u00e9' }))).toEqual(['Caf\u00e9 Menu Writer'])
    // Through its label only: the label list is matched in JavaScript, after the same normalisation.
    void caches.catalogue.changed()
    expect(names(await caller.tools.search({ text: 'pa\u0302tiss' }))).toEqual(['Caf\u00e9 Menu Writer'])
    await db.prisma.tool.deleteMany({ where: { name: 'Caf\u00e9 Menu Writer' } })
    void caches.catalogue.changed()
  })

  it(`answers at most ${SEARCH_RESULT_LIMIT} results, name matches kept first`, async () => {
    await insertTools(
      db.prisma,
      fixtureCatalogue(150, 1000).map((tool) => ({ ...tool, name: `Zebra ${tool.name}`, tagLine: 'Zebra copy.' })),
    )
    await insertTools(db.prisma, [fixtureTool(5000, { name: 'Aardvark Writer', tagLine: 'Not a zebra at all.' })])
    const results = await callerFor(db.prisma, null, { caches }).tools.search({ text: 'zebra' })
    expect(results).toHaveLength(SEARCH_RESULT_LIMIT)
    expect(results.every((card) => card.name.startsWith('Zebra'))).toBe(true)
  })
})
