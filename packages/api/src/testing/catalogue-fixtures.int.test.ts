import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { fixtureCatalogue, fixtureTool, insertTools, insertToolsInBulk } from './catalogue-fixtures.ts'

let viaPrisma: TestDatabase
let inBulk: TestDatabase

beforeAll(async () => {
  ;[viaPrisma, inBulk] = await Promise.all([createTestDatabase(), createTestDatabase()])
})
afterAll(() => Promise.all([viaPrisma.close(), inBulk.close()]))

/** Every column but the two each insert fills in on its own (a random id, the time of the write). */
async function storedTools(db: TestDatabase) {
  const tools = await db.prisma.tool.findMany({ orderBy: { slug: 'asc' } })
  return tools.map(({ id, updatedAt, ...columns }) => {
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(updatedAt).toBeInstanceOf(Date)
    return columns
  })
}

describe('insertToolsInBulk', () => {
  it('stores the tools insertTools stores, column for column, defaults included', async () => {
    const tools = [
      ...fixtureCatalogue(12),
      // Fields left out take the column's default; fields set override it.
      fixtureTool(40, { published: false, labels: ['All Tools', 'Upcoming Tools'], kind: 'image' }),
    ]
    const { groups: _groups, faq: _faq, kind: _kind, upcoming: _upcoming, ...bare } = fixtureTool(41)
    tools.push(bare)

    await insertTools(viaPrisma.prisma, tools)
    await insertToolsInBulk(inBulk, tools)

    expect(await storedTools(inBulk)).toEqual(await storedTools(viaPrisma))
    expect(await inBulk.prisma.tool.count()).toBe(tools.length)
  })
})
