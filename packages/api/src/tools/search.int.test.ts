import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SignedInUser } from '../context.ts'
import { fixtureCatalogue, fixtureTool, insertTools } from '../testing/catalogue-fixtures.ts'
import { callerFor, createTestUser } from '../testing/test-caller.ts'
import { SEARCH_RESULT_LIMIT } from './search.schema.ts'

let db: TestDatabase
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
    expect(names(await callerFor(db.prisma, null).tools.search({ text }))).toEqual(expected)
  })

  it('ignores case, and ranks name matches first (earlier in the name first), then tagline and label matches', async () => {
    const results = names(await callerFor(db.prisma, null).tools.search({ text: 'instagram' }))
    expect(results).toEqual(['Instagram Bio Generator', 'My Instagram Hashtags', 'Holiday Card Writer', 'Reels Planner'])
  })

  it('finds a tool by a label it carries, but not every tool through All Tools', async () => {
    const blogTools = names(await callerFor(db.prisma, null).tools.search({ text: 'blog creat' }))
    expect(blogTools).toHaveLength(TOOLS.length - 1)
    expect(blogTools).not.toContain('Reels Planner') // labelled Instagram, not Blog Creator
    expect(await callerFor(db.prisma, null).tools.search({ text: 'all tools' })).toEqual([])
  })

  it('trims the text and finds nothing for blank text', async () => {
    expect(names(await callerFor(db.prisma, null).tools.search({ text: '  snake_case  ' }))).toEqual(['snake_case Namer'])
    expect(await callerFor(db.prisma, null).tools.search({ text: '   ' })).toEqual([])
    expect(await callerFor(db.prisma, null).tools.search({ text: 'nul\u0000char' })).toEqual([])
  })

  it("marks the caller's bookmarks in the results, and only the caller's", async () => {
    const bio = await db.prisma.tool.findFirstOrThrow({ where: { name: 'Instagram Bio Generator' } })
    await db.prisma.bookmark.create({ data: { userId: ada.id, toolId: bio.id } })
    const asAda = await callerFor(db.prisma, ada).tools.search({ text: 'instagram' })
    expect(asAda.filter((card) => card.isBookmarked).map((card) => card.id)).toEqual([bio.id])
    const asBob = await callerFor(db.prisma, bob).tools.search({ text: 'instagram' })
    expect(asBob.some((card) => card.isBookmarked)).toBe(false)
  })

  it('refuses empty or overlong text', async () => {
    const caller = callerFor(db.prisma, null)
    await expect(caller.tools.search({ text: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(caller.tools.search({ text: 'x'.repeat(201) })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })

  it(`answers at most ${SEARCH_RESULT_LIMIT} results, name matches kept first`, async () => {
    await insertTools(db.prisma, fixtureCatalogue(150, 1000).map((tool) => ({ ...tool, name: `Zebra ${tool.name}`, tagLine: 'Zebra copy.' })))
    await insertTools(db.prisma, [fixtureTool(5000, { name: 'Aardvark Writer', tagLine: 'Not a zebra at all.' })])
    const results = await callerFor(db.prisma, null).tools.search({ text: 'zebra' })
    expect(results).toHaveLength(SEARCH_RESULT_LIMIT)
    expect(results.every((card) => card.name.startsWith('Zebra'))).toBe(true)
  })
})
