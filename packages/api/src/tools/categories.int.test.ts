import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { fixtureTool, insertTools } from '../testing/catalogue-fixtures.ts'
import { callerFor, createTestUser } from '../testing/test-caller.ts'

let db: TestDatabase

beforeAll(async () => {
  db = await createTestDatabase()
  const owner = await createTestUser(db.prisma, 'Builder')
  await insertTools(db.prisma, [
    fixtureTool(0, { labels: ['All Tools', 'SEO Tools'] }),
    fixtureTool(1, { labels: ['All Tools', 'Social Media Posts', 'SEO Tools'] }),
    fixtureTool(2, { labels: ['All Tools', 'Zebra Corner'] }),
    fixtureTool(3, { labels: ['All Tools', 'Upcoming Tools'] }),
    // A personal tool: its owner's alone, so its label is nobody's category.
    fixtureTool(4, { labels: ['All Tools', 'Secret Drafts'], ownerId: owner.id, published: false }),
  ])
})
afterAll(() => db.close())

describe('tools.categories', () => {
  it('lists the labels published tools carry: All Tools first, then the fixed order, unknown ones last', async () => {
    const categories = await callerFor(db.prisma, null).tools.categories()
    expect(categories[0]).toBe('All Tools')
    expect(new Set(categories)).toEqual(
      new Set(['All Tools', 'SEO Tools', 'Social Media Posts', 'Upcoming Tools', 'Zebra Corner']),
    )
    expect(categories.at(-1)).toBe('Zebra Corner')
    expect(categories.filter((label) => label === 'SEO Tools')).toHaveLength(1)
  })

  it("never shows a personal tool's label, to anyone, its owner included", async () => {
    const owner = await db.prisma.user.findFirstOrThrow({ where: { name: 'Builder' } })
    const asOwner = await callerFor(db.prisma, { ...owner, isAdmin: false }).tools.categories()
    expect(asOwner).not.toContain('Secret Drafts')
    expect(asOwner).toEqual(await callerFor(db.prisma, null).tools.categories())
  })
})
