import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { inProcessCaches } from '../caching/caches.ts'
import type { SignedInUser } from '../context.ts'
import { fixtureCatalogue, insertTools } from '../testing/catalogue-fixtures.ts'
import { callerFor, createTestUser } from '../testing/test-caller.ts'

/**
 * A catalogue page must cost the same number of SQL statements with 50 tools as with 500 (no query
 * per tool, e.g. for isBookmarked). Statements are counted with Prisma's query events.
 */
let db: TestDatabase
let statements: string[] = []
let ada: SignedInUser
/** The instance's caches, which every caller here reads through. */
const caches = inProcessCaches()

beforeAll(async () => {
  db = await createTestDatabase({ onQuery: (sql) => statements.push(sql) })
  ada = await createTestUser(db.prisma, 'Ada')
})
afterAll(() => db.close())

/** The statements `work` sends, on cold caches (`cold`: the catalogue and Ada's bookmark set) or warm ones. */
async function countStatements(work: () => Promise<unknown>, { cold }: { cold: boolean }): Promise<number> {
  if (cold) await Promise.all([caches.catalogue.changed(), caches.bookmarkSets.changed(ada.id)])
  else await work()
  statements = []
  await work()
  return statements.length
}

/** Statement counts of every catalogue read, for the catalogue as it is now. */
async function catalogueCosts() {
  const asAda = callerFor(db.prisma, ada, { caches })
  const signedOut = callerFor(db.prisma, null, { caches })
  const someTool = await db.prisma.tool.findFirstOrThrow({ select: { id: true } })
  return {
    listSignedInCold: await countStatements(() => asAda.tools.byCategory({ category: 'All Tools' }), { cold: true }),
    listSignedInWarm: await countStatements(() => asAda.tools.byCategory({ category: 'All Tools' }), { cold: false }),
    listSignedOutWarm: await countStatements(() => signedOut.tools.byCategory({ category: 'All Tools' }), {
      cold: false,
    }),
    labelSignedInCold: await countStatements(() => asAda.tools.byCategory({ category: 'SEO Tools' }), { cold: true }),
    categoriesCold: await countStatements(() => signedOut.tools.categories(), { cold: true }),
    searchSignedIn: await countStatements(() => asAda.tools.search({ text: 'generator' }), { cold: false }),
    searchSignedOut: await countStatements(() => signedOut.tools.search({ text: 'generator' }), { cold: false }),
    toolSignedInCold: await countStatements(() => asAda.tools.get({ id: someTool.id }), { cold: true }),
    bookmarks: await countStatements(() => asAda.bookmarks.list(), { cold: false }),
  }
}

/** Ada bookmarks every other tool, so isBookmarked has work to do. */
async function bookmarkHalf(): Promise<void> {
  const tools = await db.prisma.tool.findMany({ select: { id: true } })
  await db.prisma.bookmark.createMany({
    data: tools.filter((_, index) => index % 2 === 0).map((tool) => ({ userId: ada.id, toolId: tool.id })),
    skipDuplicates: true,
  })
  await caches.bookmarkSets.changed(ada.id)
}

describe('SQL statements per catalogue page', () => {
  it('do not grow with the number of tools (50 vs 500)', async () => {
    await insertTools(db.prisma, fixtureCatalogue(50))
    await bookmarkHalf()
    const with50 = await catalogueCosts()

    await insertTools(db.prisma, fixtureCatalogue(450, 50))
    await bookmarkHalf()
    const with500 = await catalogueCosts()

    expect(await callerFor(db.prisma, ada).tools.byCategory({ category: 'All Tools' })).toHaveLength(500)
    expect(with500).toEqual(with50)
    // And the figures themselves: a list is one query plus the caller's bookmark ids; both cached, none.
    expect(with500).toMatchObject({
      listSignedInCold: 2,
      listSignedInWarm: 0,
      listSignedOutWarm: 0,
      labelSignedInCold: 2,
      categoriesCold: 1,
      toolSignedInCold: 3,
      // One statement with isBookmarked as EXISTS; the label list it also needs is cached.
      searchSignedIn: 1,
      searchSignedOut: 1,
      bookmarks: 1,
    })
  })
})
