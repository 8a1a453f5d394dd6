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
let emailToolIds: string[]
let seoToolId: string

beforeAll(async () => {
  db = await createTestDatabase()
  // Seven tools filed under Email Tools, one under SEO Tools that also carries Email Tools.
  await insertTools(db.prisma, [
    ...Array.from({ length: 7 }, (_, i) =>
      fixtureTool(i, { name: `Email Tool ${i}`, labels: ['All Tools', 'Email Tools'], groupBy: 'Email Tools' }),
    ),
    fixtureTool(7, { name: 'SEO Mailer', labels: ['All Tools', 'SEO Tools', 'Email Tools'], groupBy: 'SEO Tools' }),
  ])
  const rows = await db.prisma.tool.findMany({ orderBy: { createdAt: 'asc' }, select: { id: true, groupBy: true } })
  emailToolIds = rows.filter((row) => row.groupBy === 'Email Tools').map((row) => row.id)
  seoToolId = rows.find((row) => row.groupBy === 'SEO Tools')!.id
  ada = await createTestUser(db.prisma, 'Ada')
})
afterAll(() => db.close())

describe('tools.get', () => {
  it('answers the tool with its form and FAQ', async () => {
    const { tool } = await callerFor(db.prisma, null, { caches }).tools.get({ id: emailToolIds[0]! })
    expect(tool).toMatchObject({
      id: emailToolIds[0],
      name: 'Email Tool 0',
      description: expect.any(String),
      groupBy: 'Email Tools',
      isBookmarked: false,
      groups: [
        [
          {
            text: 'Topic',
            placeholder: 'Topic',
            gpt: 'Write about {value}.',
            type: 'input',
            options: [],
            required: true,
          },
        ],
      ],
      faq: [{ question: 'What does tool 0 do?', answer: 'It writes.' }],
    })
  })

  it('lists at most 5 similar tools, all with the same groupBy, never the tool itself', async () => {
    const { similar } = await callerFor(db.prisma, null, { caches }).tools.get({ id: emailToolIds[3]! })
    expect(similar).toHaveLength(5)
    expect(similar.map((tool) => tool.id)).not.toContain(emailToolIds[3])
    expect(similar.every((tool) => emailToolIds.includes(tool.id))).toBe(true)
    expect(Object.keys(similar[0]!).sort()).toEqual(['accoName', 'id', 'logo', 'name'])
  })

  it('answers no similar tools when none shares the groupBy (sharing a label is not enough)', async () => {
    expect((await callerFor(db.prisma, null, { caches }).tools.get({ id: seoToolId })).similar).toEqual([])
  })

  it(
    'answers an id given in upper case with the same ' + 'tool, its id in lower case, from the same cache entry',
    async () => {
      const id = emailToolIds[4]!
      const caller = callerFor(db.prisma, null, { caches })
      const cache = caches.catalogue
      const lower = await caller.tools.get({ id })
      const entries = cache.size
      const upper = await caller.tools.get({ id: id.toUpperCase() })
      expect(upper).toEqual(lower)
      expect(upper.tool.id).toBe(id)
      expect(cache.size).toBe(entries)
    },
  )

  it('answers NOT_FOUND for an unknown id and BAD_REQUEST for a malformed one', async () => {
    const caller = callerFor(db.prisma, null, { caches })
    await expect(caller.tools.get({ id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await expect(caller.tools.get({ id: 'not-a-uuid' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })

  it("says whether the caller bookmarked it, without leaking into others' answers", async () => {
    const id = emailToolIds[1]!
    await callerFor(db.prisma, null, { caches }).tools.get({ id }) // the signed-out answer is now cached
    await db.prisma.bookmark.create({ data: { userId: ada.id, toolId: id } })
    expect((await callerFor(db.prisma, ada, { caches }).tools.get({ id })).tool.isBookmarked).toBe(true)
    expect((await callerFor(db.prisma, null, { caches }).tools.get({ id })).tool.isBookmarked).toBe(false)
  })

  it('shows a change to the tool once the catalogue is invalidated', async () => {
    const id = emailToolIds[2]!
    const caller = callerFor(db.prisma, null, { caches })
    expect((await caller.tools.get({ id })).tool.name).toBe('Email Tool 2')
    await db.prisma.tool.update({ where: { id }, data: { name: 'Email Tool Renamed' } })
    expect((await caller.tools.get({ id })).tool.name).toBe('Email Tool 2')
    void caches.catalogue.changed()
    expect((await caller.tools.get({ id })).tool.name).toBe('Email Tool Renamed')
  })
})
