import { randomUUID } from 'node:crypto'
import { TRPCClientError, type TRPCClient } from '@trpc/client'
import { beforeAll, describe, expect, it } from 'vitest'

import { commitReservation } from '@promptly/api/credits/reservation/commit-reservation'
import { refundReservation } from '@promptly/api/credits/reservation/refund-reservation'
import { reserveCredits } from '@promptly/api/credits/reservation/reserve-credits'
import { textGeneration } from '@promptly/api/credits/testing/users-with-credits'
import type { AppRouter } from '@promptly/api/root'

import { bioValues, createGeneratorTool } from '../testing/generation-fixtures.ts'
import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' }, listen: true })
let bakery: { id: string; name: string }
let florist: { id: string; name: string }
let ada: TestAccount
let bob: TestAccount
let asAda: TRPCClient<AppRouter>
let asBob: TRPCClient<AppRouter>
/** Ada's generations, oldest first. */
const adaIds: string[] = []
let bobId: string

/** A finished generation stored directly, at a chosen time (history reads; it does not charge). */
async function storeGeneration(
  userId: string,
  toolId: string,
  output: string,
  minutesAgo: number,
  status: 'succeeded' | 'failed' | 'reserved' = 'succeeded',
): Promise<string> {
  const id = randomUUID()
  await t.db.prisma.generation.create({
    data: {
      id,
      userId,
      toolId,
      kind: 'generic',
      input: { groups: bioValues(`Shop ${minutesAgo}`) },
      output: status === 'succeeded' ? output : null,
      error: status === 'failed' ? 'The AI service is unavailable right now. Please try again later.' : null,
      credits: 1,
      provider: 'local',
      status,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    },
  })
  return id
}

beforeAll(async () => {
  bakery = await createGeneratorTool(t.db.prisma, { name: 'Bakery Bio Writer' })
  florist = await createGeneratorTool(t.db.prisma, { name: 'Florist Caption Maker' })
  ada = await t.signUp()
  bob = await t.signUp()
  asAda = t.trpc(ada)
  asBob = t.trpc(bob)
  adaIds.push(
    await storeGeneration(
      ada.user.id,
      bakery.id,
      '<p>Warm <strong>sourdough</strong> every morning &amp; more.</p>',
      50,
    ),
  )
  adaIds.push(
    await storeGeneration(ada.user.id, florist.id, '<p>Roses for 100% of moods</p><ul><li>Tulips</li></ul>', 40),
  )
  adaIds.push(await storeGeneration(ada.user.id, bakery.id, '', 30, 'failed'))
  adaIds.push(await storeGeneration(ada.user.id, florist.id, `<p>${'Peonies and lilies bloom. '.repeat(20)}</p>`, 20))
  bobId = await storeGeneration(bob.user.id, bakery.id, '<p>Bob sourdough secret</p>', 10)
})

describe('generation.history', () => {
  it("lists only the caller's generations, newest first, with tool, status and a plain-text preview", async () => {
    const { items, nextCursor } = await asAda.generation.history.query({})
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
    const first = await asAda.generation.history.query({ limit: 3 })
    expect(first.items).toHaveLength(3)
    // Opaque: a position, not an id a client could build or misuse.
    expect(first.nextCursor).toEqual(expect.any(String))
    expect(first.nextCursor).not.toBe(first.items[2]?.id)
    const second = await asAda.generation.history.query({ limit: 3, cursor: first.nextCursor })
    expect(second.items.map((item) => item.id)).toEqual([adaIds[0]])
    expect(second.nextCursor).toBeNull()
  })

  it('refuses a cursor that is not one of its own (a bare id, junk) with BAD_REQUEST', async () => {
    for (const cursor of [bobId, 'nope', Buffer.from('["2026-01-01", "x"]').toString('base64url')]) {
      const error = await asAda.generation.history.query({ cursor }).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(TRPCClientError)
      expect((error as TRPCClientError<AppRouter>).data?.code).toBe('BAD_REQUEST')
    }
  })

  it("shows only the caller's own rows whatever position a cursor names, another user's included", async () => {
    const bobRow = await t.db.prisma.$queryRaw<Array<{ at: string }>>`
      SELECT to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.US') AS at FROM generations WHERE id = ${bobId}::uuid`
    const cursor = Buffer.from(JSON.stringify([bobRow[0]?.at, bobId])).toString('base64url')
    const page = await asAda.generation.history.query({ cursor })
    // Everything of Ada's older than Bob's row (all four), and nothing of Bob's.
    expect(page.items.map((item) => item.id)).toEqual([...adaIds].reverse())
  })

  it('carries on after the cursor row even when that generation was deleted between pages', async () => {
    const carol = await t.signUp()
    const asCarol = t.trpc(carol)
    const carolIds: string[] = []
    for (const minutesAgo of [60, 50, 40, 30, 20])
      carolIds.push(await storeGeneration(carol.user.id, bakery.id, `<p>Carol ${minutesAgo}</p>`, minutesAgo))
    const first = await asCarol.generation.history.query({ limit: 2 })
    expect(first.items.map((item) => item.id)).toEqual([carolIds[4], carolIds[3]])
    await asCarol.generation.delete.mutate({ id: carolIds[3]! })
    const second = await asCarol.generation.history.query({ limit: 2, cursor: first.nextCursor })
    expect(second.items.map((item) => item.id)).toEqual([carolIds[2], carolIds[1]])
    const third = await asCarol.generation.history.query({ limit: 2, cursor: second.nextCursor })
    expect(third.items.map((item) => item.id)).toEqual([carolIds[0]])
    expect(third.nextCursor).toBeNull()
  })

  it(
    'pages through rows created at the same instant one ' + 'by one, without gaps or repeats (id breaks the tie)',
    async () => {
      const dee = await t.signUp()
      const asDee = t.trpc(dee)
      const sameInstant = new Date('2026-11-01T10:00:00.123Z')
      const ids = [randomUUID(), randomUUID(), randomUUID()]
      await t.db.prisma.generation.createMany({
        data: ids.map((id) => ({
          id,
          userId: dee.user.id,
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
        const page: { items: Array<{ id: string }>; nextCursor: string | null } = await asDee.generation.history.query({
          limit: 1,
          cursor,
        })
        seen.push(...page.items.map((item) => item.id))
        cursor = page.nextCursor
      } while (cursor)
      // UUIDs order as their hex text does.
      expect(seen).toEqual([...ids].sort().reverse())
    },
  )

  it('says what each generation finally cost: 0 once refunded, its cost when charged or still held', async () => {
    const carol = await t.signUp()
    const run = async (settle: 'commit' | 'refund' | 'hold') => {
      const generationId = randomUUID()
      const generation = { ...textGeneration, toolId: bakery.id }
      await reserveCredits(t.db.prisma, { userId: carol.user.id, amount: 2, generationId, generation })
      if (settle === 'commit') await commitReservation(t.db.prisma, generationId, { output: '<p>ok</p>', latencyMs: 1 })
      if (settle === 'refund') await refundReservation(t.db.prisma, generationId, { error: 'provider failed' })
      return generationId
    }
    const refunded = await run('refund')
    const charged = await run('commit')
    const held = await run('hold')
    const { items } = await t.trpc(carol).generation.history.query({})
    const byId = new Map(items.map((item) => [item.id, item]))
    expect(byId.get(refunded)).toMatchObject({ status: 'failed', credits: 2, charged: 0 })
    expect(byId.get(charged)).toMatchObject({ status: 'succeeded', credits: 2, charged: 2 })
    expect(byId.get(held)).toMatchObject({ status: 'reserved', credits: 2, charged: 2 })
  })

  it('searches tool names and output text literally and case-insensitively, never markup', async () => {
    const ids = async (search: string) =>
      (await asAda.generation.history.query({ search })).items.map((item) => item.id)
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
})

describe('generation.get', () => {
  it('returns the values sent and the stored output', async () => {
    const one = await asAda.generation.get.query({ id: adaIds[0]! })
    expect(one).toMatchObject({
      id: adaIds[0],
      toolId: bakery.id,
      toolName: 'Bakery Bio Writer',
      status: 'succeeded',
      credits: 1,
      values: bioValues('Shop 50'),
    })
    expect(one.output).toContain('sourdough')
  })

  it("answers NOT_FOUND for another user's id exactly as for an unknown one", async () => {
    const other = await asAda.generation.get.query({ id: bobId }).catch((caught: unknown) => caught)
    const unknown = await asAda.generation.get.query({ id: randomUUID() }).catch((caught: unknown) => caught)
    expect(other).toBeInstanceOf(TRPCClientError)
    expect(other).toMatchObject({ message: 'Generation not found', data: { code: 'NOT_FOUND' } })
    expect(unknown).toMatchObject({ message: 'Generation not found', data: { code: 'NOT_FOUND' } })
  })

  it('answers UNAUTHORIZED signed out', async () => {
    expect(
      await t
        .trpc()
        .generation.get.query({ id: adaIds[0]! })
        .catch((caught: unknown) => caught),
    ).toMatchObject({
      data: { code: 'UNAUTHORIZED', httpStatus: 401 },
    })
    expect(
      await t
        .trpc()
        .generation.history.query({})
        .catch((caught: unknown) => caught),
    ).toMatchObject({ data: { code: 'UNAUTHORIZED' } })
  })
})

describe('generation.delete', () => {
  it("refuses another user's generation with NOT_FOUND and keeps it", async () => {
    const error = await asAda.generation.delete.mutate({ id: bobId }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ data: { code: 'NOT_FOUND' } })
    expect(await t.db.prisma.generation.count({ where: { id: bobId } })).toBe(1)
  })

  it("deletes the caller's own, and refuses one still running", async () => {
    const id = await storeGeneration(bob.user.id, florist.id, '<p>to delete</p>', 5)
    expect(await asBob.generation.delete.mutate({ id })).toEqual({ id })
    expect(await t.db.prisma.generation.count({ where: { id } })).toBe(0)
    expect(await asBob.generation.get.query({ id }).catch((caught: unknown) => caught)).toMatchObject({
      data: { code: 'NOT_FOUND' },
    })

    const running = await storeGeneration(bob.user.id, florist.id, '', 1, 'reserved')
    expect(await asBob.generation.delete.mutate({ id: running }).catch((caught: unknown) => caught)).toMatchObject({
      data: { code: 'CONFLICT' },
    })
    await t.db.prisma.generation.update({ where: { id: running }, data: { status: 'failed' } })
  })
})
