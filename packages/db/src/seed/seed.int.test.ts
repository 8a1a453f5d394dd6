import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { INSTAGRAM_BIO_TOOL_ID, X_TWITTER_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'
import { LABELS, MY_TOOLS } from '@promptly/core/catalogue/labels'

import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts'
import { seed, seedTools } from './seed.ts'
import { toolIdForSlug } from './tool-id-for-slug.ts'

describe('seed', () => {
  let db: TestDatabase | undefined

  afterEach(async () => {
    await db?.close()
    db = undefined
  })

  it('loads every seed tool and plan, and a second run changes and duplicates nothing', async () => {
    db = await createTestDatabase()

    const first = await seed(db)
    const afterFirst = await db.prisma.tool.findMany({ orderBy: { slug: 'asc' } })
    const plansAfterFirst = await db.prisma.planOffer.findMany({ orderBy: { key: 'asc' } })
    const second = await seed(db)

    expect(first).toEqual({ tools: seedTools().length, plans: 3 })
    expect(second).toEqual(first)
    expect(await db.prisma.tool.count()).toBe(seedTools().length)
    expect(await db.prisma.planOffer.count()).toBe(3)
    // Not even updated_at moves: unchanged rows are not written.
    expect(await db.prisma.tool.findMany({ orderBy: { slug: 'asc' } })).toEqual(afterFirst)
    expect(await db.prisma.planOffer.findMany({ orderBy: { key: 'asc' } })).toEqual(plansAfterFirst)
  })

  it('puts back a seeded tool that was edited, under its derived id, keeping its bookmarks', async () => {
    db = await createTestDatabase({ seed: true })
    const slug = 'x-twitter-bio-generator'
    const user = await db.prisma.user.create({
      data: { clerkId: 'user_seed', name: 'Ada', email: 'ada@example.com', imageUrl: '' },
    })
    await db.prisma.bookmark.create({ data: { userId: user.id, toolId: X_TWITTER_BIO_TOOL_ID } })
    const movedId = '00000000-0000-4000-8000-000000000001'
    await db.prisma.tool.update({
      where: { slug },
      data: { id: movedId, name: 'Edited by hand', labels: ['All Tools'] },
    })

    await seed(db)

    const tool = await db.prisma.tool.findUniqueOrThrow({ where: { slug }, include: { bookmarks: true } })
    expect(tool).toMatchObject({ id: X_TWITTER_BIO_TOOL_ID, name: 'X (Twitter) Bio Generator' })
    expect(tool.labels).toContain("Social Media Bio's")
    expect(tool.bookmarks.map((bookmark) => bookmark.userId)).toEqual([user.id])
    expect(await db.prisma.tool.count()).toBe(seedTools().length)
  })
})

describe('the seeded catalogue', () => {
  let db: TestDatabase

  beforeAll(async () => {
    db = await createTestDatabase({ seed: true })
  })

  afterAll(async () => {
    await db.close()
  })

  it('gives every tool the id derived from its slug, so links survive a re-seed on any machine', async () => {
    const tools = await db.prisma.tool.findMany({ select: { id: true, slug: true } })
    for (const tool of tools) expect(tool.id).toBe(toolIdForSlug(tool.slug))
    expect(await db.prisma.tool.findUnique({ where: { id: X_TWITTER_BIO_TOOL_ID } })).toMatchObject({
      slug: 'x-twitter-bio-generator',
      name: 'X (Twitter) Bio Generator',
    })
    expect(await db.prisma.tool.findUnique({ where: { id: INSTAGRAM_BIO_TOOL_ID } })).toMatchObject({
      slug: 'instagram-bio-generator',
      name: 'Instagram Bio Generator',
    })
  })

  it('puts every tool in All Tools and uses every fixed label but My Tools', async () => {
    const tools = await db.prisma.tool.findMany({ select: { labels: true } })
    expect(tools.every((tool) => tool.labels.includes('All Tools'))).toBe(true)
    const used = new Set(tools.flatMap((tool) => tool.labels))
    expect(LABELS.filter((label) => !used.has(label))).toEqual([MY_TOOLS])
  })

  it('has a dedicated tool of each kind and at least three upcoming tools, flagged as such', async () => {
    const kinds = await db.prisma.tool.groupBy({ by: ['kind'], _count: true, orderBy: { kind: 'asc' } })
    expect(Object.fromEntries(kinds.map((row) => [row.kind, row._count]))).toMatchObject({
      paraphrase: 1,
      image: 1,
      text_to_audio: 1,
      transcription: 1,
    })
    const upcoming = await db.prisma.tool.findMany({ where: { upcoming: true }, select: { labels: true } })
    expect(upcoming.length).toBeGreaterThanOrEqual(3)
    expect(upcoming.every((tool) => tool.labels.includes('Upcoming Tools'))).toBe(true)
    expect(await db.prisma.tool.count({ where: { upcoming: false, labels: { has: 'Upcoming Tools' } } })).toBe(0)
  })

  it('stores the three plan offers in US cents, TOPUP lasting as long as the paid plan', async () => {
    const plans = await db.prisma.planOffer.findMany({ orderBy: { priceCents: 'asc' } })
    const byKey = Object.fromEntries(plans.map((plan) => [plan.key, plan]))
    expect(byKey.MONTHLY).toMatchObject({ credits: 1000, validityDays: 30, currency: 'usd' })
    expect(byKey.YEARLY).toMatchObject({ credits: 14000, validityDays: 365, currency: 'usd' })
    expect(byKey.TOPUP).toMatchObject({ credits: 100, validityDays: null, currency: 'usd' })
    for (const plan of plans) expect(Number.isInteger(plan.priceCents) && plan.priceCents > 0).toBe(true)
  })

  it('keeps an offer an admin edited: plans are only created, never put back', async () => {
    await db.prisma.planOffer.update({ where: { key: 'TOPUP' }, data: { priceCents: 1 } })
    await seed(db)
    expect((await db.prisma.planOffer.findUniqueOrThrow({ where: { key: 'TOPUP' } })).priceCents).toBe(1)
  })
})
