import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'

import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'
import { BIO_TOOL_ID } from './openapi/testing/sample-requests.ts'

/**
 * The spec's entities (section 3) on every door of the legacy REST adapter: the spec's field names
 * and units beside the newer fields. The catalogue calls live under /api/v1 and /api/v2; limits,
 * plans, bookmarks and the admin list also answer unprefixed.
 */
const ADMIN_EMAIL = 'entity-names-admin@example.test'
const t = useTestApp({
  seed: true,
  env: {
    ADMIN_EMAILS: ADMIN_EMAIL,
    RATE_LIMIT_PER_MINUTE: '100000',
    LOCAL_CHECKOUT_SECRET: `whsec_${randomBytes(24).toString('base64url')}`,
  },
})
const BASES = ['/api/v1', '/api/v2'] as const
const ALL_BASES = [...BASES, ''] as const
let admin: TestAccount
let buyer: TestAccount

const isoDate = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)

async function get(url: string, who?: TestAccount) {
  const res = await t.app.inject({ method: 'GET', url, headers: who?.bearer ?? {} })
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200)
  return res.json<{ status: string; message: unknown; data: unknown; showTop?: unknown }>()
}

beforeAll(async () => {
  admin = await t.signUp({ name: 'Admin', email: ADMIN_EMAIL })
  buyer = await t.signUp({ name: 'Buyer' })
  // A paid MONTHLY plan: its purchase has a validTill, and TOPUP is then on offer (showTop).
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/create-checkout-session',
    headers: buyer.bearer,
    payload: { product: 'MONTHLY' },
  })
  const purchaseId = checkout.json<{ data: { purchaseId: string } }>().data.purchaseId
  const pay = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/${purchaseId}/pay`,
    headers: buyer.bearer,
  })
  expect(pay.statusCode).toBe(200)
  await t.app.inject({ method: 'POST', url: `/api/v1/bookmarks/add-remove/${BIO_TOOL_ID}`, headers: buyer.bearer })
})

describe.each(ALL_BASES)('plan offers and purchases under "%s"', (base) => {
  it('lists TOPUP, MONTHLY and YEARLY with expairy (days), price (dollars) and limit (credits)', async () => {
    const offers = await t.db.prisma.planOffer.findMany()
    for (const [who, showTop] of [
      [undefined, false],
      [buyer, true],
    ] as const) {
      const body = await get(`${base}/plans`, who)
      const data = body.data as Record<string, unknown>
      expect(Object.keys(data).sort()).toEqual(['MONTHLY', 'TOPUP', 'YEARLY', 'current', 'showTop'])
      expect([data.showTop, body.showTop]).toEqual([showTop, showTop])
      for (const offer of offers) {
        expect(data[offer.key]).toMatchObject({
          key: offer.key,
          name: offer.name,
          priceCents: offer.priceCents,
          credits: offer.credits,
          expairy: offer.validityDays ?? -1,
          price: offer.priceCents / 100,
          limit: offer.credits,
        })
      }
    }
    const monthly = ((await get(`${base}/plans`)).data as { MONTHLY: { price: number; expairy: number } }).MONTHLY
    expect(monthly).toMatchObject({ price: 14.99, expairy: 30 })
  })

  it('lists transactions with name, createdAt, validTill, price (dollars) and creditOptained', async () => {
    const [row] = (await get(`${base}/plans/history`, buyer)).data as Record<string, unknown>[]
    expect(row).toMatchObject({
      name: 'Monthly',
      createdAt: isoDate,
      validTill: isoDate,
      price: 14.99,
      creditOptained: 1000,
      priceCents: 1499,
      credits: 1000,
      status: 'paid',
    })
  })

  it('answers limits with plan, current_limit and max_limit, in credits', async () => {
    const user = await t.db.prisma.user.findUniqueOrThrow({ where: { id: buyer.user.id } })
    expect(user.creditBalance).toBe(30 + 1000)
    for (const url of [`${base}/limits`, `${base}/plans/current`]) {
      expect((await get(url, buyer)).data).toMatchObject({
        plan: 'monthly',
        current_limit: user.creditBalance,
        max_limit: user.creditMax,
      })
    }
  })

  it('lists bookmarks as tool objects with _id, name and logo', async () => {
    const [item] = (await get(`${base}/bookmarks`, buyer)).data as Record<string, unknown>[]
    const tool = await t.db.prisma.tool.findUniqueOrThrow({ where: { id: BIO_TOOL_ID } })
    expect(item).toMatchObject({ _id: BIO_TOOL_ID, name: tool.name, description: tool.description })
    expect(item?.logo).toEqual(expect.stringContaining(tool.logo))
  })

  it('lists admin user rows with clerkId, name, email, current_limit and _id', async () => {
    const rows = (await get(`${base}/user/get/all`, admin)).data as Record<string, unknown>[]
    expect(rows.find((row) => row._id === buyer.user.id)).toMatchObject({
      _id: buyer.user.id,
      clerkId: buyer.user.clerkId,
      name: 'Buyer',
      email: buyer.user.email,
      current_limit: 30 + 1000,
    })
  })
})

describe.each(BASES)('catalogue objects under %s', (base) => {
  async function descriptions(): Promise<Map<string, string>> {
    const tools = await t.db.prisma.tool.findMany({ select: { id: true, description: true } })
    return new Map(tools.map((tool) => [tool.id, tool.description]))
  }

  it('lists a category with each tool’s description, loaded by either door, cached or not', async () => {
    const described = await descriptions()
    const url = `${base}/objects/getObjectByLabel/${encodeURIComponent('All Tools')}`
    t.testApp.services.caches.catalogue.changed()
    // Loaded through tRPC first: the REST answer is then written from the cached cards (the fast path).
    const input = encodeURIComponent(JSON.stringify({ json: { category: 'All Tools' } }))
    expect((await t.app.inject({ method: 'GET', url: `/trpc/tools.byCategory?input=${input}` })).statusCode).toBe(200)
    for (const answer of [await get(url), await get(url, buyer), await get(`${url}?imageUrl=x`)]) {
      const tools = answer.message as { _id: string; description: unknown; templete: string; tagLine: string }[]
      expect(tools.length).toBeGreaterThan(5)
      for (const tool of tools) {
        expect(tool.description).toBe(described.get(tool._id))
        expect(tool.templete).toBe(tool.tagLine)
      }
    }
    // tRPC's cards keep their own shape: no description.
    const trpc = await t.app.inject({ method: 'GET', url: `/trpc/tools.byCategory?input=${input}` })
    expect(trpc.body).not.toContain('"description"')
  })

  it('lists search results with each tool’s description', async () => {
    const described = await descriptions()
    const tools = (await get(`${base}/objects/searchObjects/bio`)).message as { _id: string; description: string }[]
    expect(tools.length).toBeGreaterThan(0)
    for (const tool of tools) expect(tool.description).toBe(described.get(tool._id))
  })

  it('answers a tool with templete, tagLine, accoLogo and similarObject (_id, accoName, name, logo)', async () => {
    const { object, similarObject } = (await get(`${base}/objects/getObject/${BIO_TOOL_ID}`)).message as {
      object: Record<string, unknown>
      similarObject: Record<string, unknown>[]
    }
    const tool = await t.db.prisma.tool.findUniqueOrThrow({ where: { id: BIO_TOOL_ID } })
    expect(object).toMatchObject({
      _id: BIO_TOOL_ID,
      name: tool.name,
      accoName: tool.accoName,
      description: tool.description,
      templete: tool.tagLine,
      tagLine: tool.tagLine,
      accoLogo: object.logo,
      labels: tool.labels,
      groupBy: tool.groupBy,
      isBookmarked: false,
    })
    expect(object.logo).toEqual(expect.stringContaining(tool.logo))
    expect(object.groups).toEqual(expect.any(Array))
    expect(object.faq).toEqual(expect.any(Array))
    expect(similarObject.length).toBeGreaterThan(0)
    for (const similar of similarObject) {
      expect(similar).toEqual({
        _id: similar.id,
        id: expect.any(String),
        accoName: expect.any(String),
        name: expect.any(String),
        logo: expect.any(String),
      })
    }
  })
})
