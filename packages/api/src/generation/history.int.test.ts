import { randomUUID } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { beforeAll, describe, expect, it } from 'vitest'

import type { SignedInUser } from '../context.ts'
import { commitReservation } from '../credits/reservation/commit-reservation.ts'
import { refundReservation } from '../credits/reservation/refund-reservation.ts'
import { reserveCredits } from '../credits/reservation/reserve-credits.ts'
import { textGeneration } from '../credits/testing/users-with-credits.ts'
import { useGenerationTestDatabase } from './testing/generation-test-database.ts'
import { createGeneratorTool } from './testing/generator-tool.ts'
import { storeGeneration } from './testing/stored-generations.ts'

const frame = useGenerationTestDatabase()
let bakery: { id: string; name: string }
let florist: { id: string; name: string }
let ada: SignedInUser
/** Ada's generations, oldest first. */
const adaIds: string[] = []
let bobId: string

const store = (userId: string, toolId: string, output: string, minutesAgo: number, status?: 'failed') =>
  storeGeneration(frame.db.prisma, { userId, toolId, output, minutesAgo, ...(status && { status }) })
const historyOf = (user: SignedInUser) => frame.caller(user).generation.history

beforeAll(async () => {
  bakery = await createGeneratorTool(frame.db.prisma, { name: 'Bakery Bio Writer' })
  florist = await createGeneratorTool(frame.db.prisma, { name: 'Florist Caption Maker' })
  ada = await frame.account('ada')
  const bob = await frame.account('bob')
  adaIds.push(await store(ada.id, bakery.id, '<p>Warm <strong>sourdough</strong> every morning &amp; more.</p>', 50))
  adaIds.push(await store(ada.id, florist.id, '<p>Roses for 100% of moods</p><ul><li>Tulips</li></ul>', 40))
  adaIds.push(await store(ada.id, bakery.id, '', 30, 'failed'))
  adaIds.push(await store(ada.id, florist.id, `<p>${'Peonies and lilies bloom. '.repeat(20)}</p>`, 20))
  bobId = await store(bob.id, bakery.id, '<p>Bob sourdough secret</p>', 10)
})

describe('generation.history', () => {
  it("lists only the caller's generations, newest first, with tool, status and a plain-text preview", async () => {
    const { items, nextCursor } = await historyOf(ada)({})
    expect(items.map((item) => item.id)).toEqual([...adaIds].reverse())
    expect(nextCursor).toBeNull()
    const sourdough = items.find((item) => item.id === adaIds[0])
    expect(sourdough).toMatchObject({
      toolId: bakery.id,
      toolName: 'Bakery Bio Writer',
      toolLogo: '/logos/bio.svg',
      kind: 'generic',
      status: 'succeeded',
      credits: 1,
    })
    expect(sourdough?.preview).toBe('Warm sourdough every morning & more.')
    expect(sourdough?.createdAt).toBeInstanceOf(Date)
    expect(Math.abs(sourdough!.createdAt.getTime() - (Date.now() - 50 * 60_000))).toBeLessThan(60_000)
    expect(items.find((item) => item.id === adaIds[2])).toMatchObject({
      status: 'failed',
      preview: expect.stringContaining('unavailable'),
    })
    const long = items.find((item) => item.id === adaIds[3])
    expect(long?.preview.length).toBeLessThanOrEqual(160)
    expect(long?.preview.endsWith('…')).toBe(true)
  })

  it('pages with nextCursor without gaps or repeats', async () => {
    const first = await historyOf(ada)({ limit: 3 })
    expect(first.items).toHaveLength(3)
    // Opaque: a position, not an id a client could build or misuse.
    expect(first.nextCursor).toEqual(expect.any(String))
    expect(first.nextCursor).not.toBe(first.items[2]?.id)
    const second = await historyOf(ada)({ limit: 3, cursor: first.nextCursor })
    expect(second.items.map((item) => item.id)).toEqual([adaIds[0]])
    expect(second.nextCursor).toBeNull()
  })

  it('refuses a cursor that is not one of its own (a bare id, junk) with BAD_REQUEST', async () => {
    for (const cursor of [bobId, 'nope', Buffer.from('["2026-01-01", "x"]').toString('base64url')]) {
      const error = await historyOf(ada)({ cursor }).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(TRPCError)
      expect((error as TRPCError).code).toBe('BAD_REQUEST')
    }
  })

  it("shows only the caller's own rows whatever position a cursor names, another user's included", async () => {
    const bobRow = await frame.db.prisma.$queryRaw<Array<{ at: string }>>`
      SELECT to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.US') AS at FROM generations WHERE id = ${bobId}::uuid`
    const cursor = Buffer.from(JSON.stringify([bobRow[0]?.at, bobId])).toString('base64url')
    const page = await historyOf(ada)({ cursor })
    // Everything of Ada's older than Bob's row (all four), and nothing of Bob's.
    expect(page.items.map((item) => item.id)).toEqual([...adaIds].reverse())
  })

  it('carries on after the cursor row even when that generation was deleted between pages', async () => {
    const carol = await frame.account('carol')
    const carolIds: string[] = []
    for (const minutesAgo of [60, 50, 40, 30, 20])
      carolIds.push(await store(carol.id, bakery.id, `<p>Carol ${minutesAgo}</p>`, minutesAgo))
    const first = await historyOf(carol)({ limit: 2 })
    expect(first.items.map((item) => item.id)).toEqual([carolIds[4], carolIds[3]])
    await frame.caller(carol).generation.delete({ id: carolIds[3]! })
    const second = await historyOf(carol)({ limit: 2, cursor: first.nextCursor })
    expect(second.items.map((item) => item.id)).toEqual([carolIds[2], carolIds[1]])
    const third = await historyOf(carol)({ limit: 2, cursor: second.nextCursor })
    expect(third.items.map((item) => item.id)).toEqual([carolIds[0]])
    expect(third.nextCursor).toBeNull()
  })

  it('pages through rows made at one instant one by one, without gaps or repeats (id breaks the tie)', async () => {
    const dee = await frame.account('dee')
    const sameInstant = new Date('2026-11-01T10:00:00.123Z')
    const ids = [randomUUID(), randomUUID(), randomUUID()]
    await frame.db.prisma.generation.createMany({
      data: ids.map((id) => ({
        id,
        userId: dee.id,
        kind: 'generic' as const,
        input: {},
        output: '<p>same time</p>',
        credits: 1,
        provider: 'local',
        status: 'succeeded' as const,
        createdAt: sameInstant,
      })),
    })
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page: { items: Array<{ id: string }>; nextCursor: string | null } = await historyOf(dee)({
        limit: 1,
        cursor,
      })
      seen.push(...page.items.map((item) => item.id))
      cursor = page.nextCursor
    } while (cursor)
    // UUIDs order as their hex text does.
    expect(seen).toEqual([...ids].sort().reverse())
  })

  it('says what each generation finally cost: 0 once refunded, its cost when charged or still held', async () => {
    const carol = await frame.account('carol-costs')
    const run = async (settle: 'commit' | 'refund' | 'hold') => {
      const generationId = randomUUID()
      const generation = { ...textGeneration, toolId: bakery.id }
      await reserveCredits(frame.db.prisma, { userId: carol.id, amount: 2, generationId, generation })
      if (settle === 'commit')
        await commitReservation(frame.db.prisma, generationId, { output: '<p>ok</p>', latencyMs: 1 })
      if (settle === 'refund') await refundReservation(frame.db.prisma, generationId, { error: 'provider failed' })
      return generationId
    }
    const refunded = await run('refund')
    const charged = await run('commit')
    const held = await run('hold')
    const { items } = await historyOf(carol)({})
    const byId = new Map(items.map((item) => [item.id, item]))
    expect(byId.get(refunded)).toMatchObject({ status: 'failed', credits: 2, charged: 0 })
    expect(byId.get(charged)).toMatchObject({ status: 'succeeded', credits: 2, charged: 2 })
    expect(byId.get(held)).toMatchObject({ status: 'reserved', credits: 2, charged: 2 })
  })

  it('searches tool names and output text literally and case-insensitively, never markup', async () => {
    const ids = async (search: string) => (await historyOf(ada)({ search })).items.map((item) => item.id)
    expect(await ids('SOURDOUGH')).toEqual([adaIds[0]])
    expect(await ids('florist caption')).toEqual([adaIds[3], adaIds[1]])
    expect(await ids('100%')).toEqual([adaIds[1]])
    // '%' and '_' are literal: no wildcard matches everything.
    expect(await ids('%')).toEqual([adaIds[1]])
    expect(await ids('_')).toEqual([])
    // Tags and entities are not text.
    expect(await ids('strong')).toEqual([])
    expect(await ids('& more')).toEqual([adaIds[0]])
    // Bob's output mentions sourdough too, but is not Ada's.
    expect(await ids('secret')).toEqual([])
  })

  it("leaves a bulk job's rows out (the job is listed instead) and pages over the rest as before", async () => {
    const erin = await frame.account('erin')
    const singles: string[] = []
    for (const minutesAgo of [100, 70, 40, 10])
      singles.push(await store(erin.id, bakery.id, `<p>Single run ${minutesAgo}</p>`, minutesAgo))
    const job = await frame.db.prisma.bulkJob.create({
      data: { userId: erin.id, toolId: bakery.id, toolName: bakery.name, costPerRow: 1, total: 30, columns: ['Shop'] },
    })
    // Rows delivered, failed and still running, newer and older than the single runs around them.
    for (let row = 0; row < 30; row++) {
      const status = row % 10 === 0 ? 'failed' : row === 29 ? 'reserved' : undefined
      const id = await storeGeneration(frame.db.prisma, {
        userId: erin.id,
        toolId: bakery.id,
        output: `<p>Bulk row ${row}</p>`,
        minutesAgo: 95 - row * 3,
        ...(status && { status }),
      })
      await frame.db.prisma.generation.update({ where: { id }, data: { bulkJobId: job.id } })
    }
    const newestFirst = [...singles].reverse()

    const all = await historyOf(erin)({})
    expect(all.items.map((item) => item.id)).toEqual(newestFirst)
    expect(all.nextCursor).toBeNull()

    // A page ends where the single runs do, however many bulk rows lie beyond the last one.
    const first = await historyOf(erin)({ limit: 2 })
    expect(first.items.map((item) => item.id)).toEqual(newestFirst.slice(0, 2))
    const second = await historyOf(erin)({ limit: 2, cursor: first.nextCursor })
    expect(second.items.map((item) => item.id)).toEqual(newestFirst.slice(2))
    expect(second.nextCursor).toBeNull()

    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page: { items: Array<{ id: string }>; nextCursor: string | null } = await historyOf(erin)({
        limit: 1,
        cursor,
      })
      expect(page.items).toHaveLength(1)
      seen.push(...page.items.map((item) => item.id))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toEqual(newestFirst)

    // Nor does a search reach into them.
    expect((await historyOf(erin)({ search: 'bulk row' })).items).toEqual([])
    expect((await historyOf(erin)({ search: 'single run 40' })).items.map((item) => item.id)).toEqual([singles[2]])
  })

  it('answers UNAUTHORIZED (401) signed out', async () => {
    const error = await frame
      .caller(null)
      .generation.history({})
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(getHTTPStatusCodeFromError(error as TRPCError)).toBe(401)
  })
})
