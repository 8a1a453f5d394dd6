import { beforeAll, describe, expect, it } from 'vitest'

import { AiProviderError } from '@promptly/ai/errors'
import type { AiProvider, TextRequest } from '@promptly/ai/provider'

import type { SignedInUser } from '../context.ts'
import { balanceOf } from '../credits/testing/users-with-credits.ts'
import type { GenerationEvent } from './run.schema.ts'
import { fakeAiProvider } from './testing/fake-ai-provider.ts'
import { useGenerationTestDatabase } from './testing/generation-test-database.ts'
import { bioValues, createGeneratorTool } from './testing/generator-tool.ts'

const frame = useGenerationTestDatabase()
let toolId: string

beforeAll(async () => {
  toolId = (await createGeneratorTool(frame.db.prisma)).id
})

/** Answers each request with its seed, so distinct variants are visible; notes every request. */
function bySeed(requests: TextRequest[] = []): AiProvider {
  return fakeAiProvider({
    async *stream(request) {
      requests.push(request)
      yield `<p>Variant with seed `
      yield `${request.seed}</p>`
    },
  })
}

/**
 * Fails the `failing`-th request it gets (1-based) after its first piece, once the other requests
 * have all started: so the failure lands while the others are still streaming.
 */
function failingOne(failing: number, total: number): AiProvider {
  let started = 0
  let allStarted: () => void
  const everyoneIn = new Promise<void>((resolve) => (allStarted = resolve))
  return fakeAiProvider({
    async *stream(request) {
      const mine = ++started
      if (started === total) allStarted()
      yield '<p>Start '
      await everyoneIn
      if (mine === failing) throw new AiProviderError('unavailable', { details: { status: 500 } })
      yield `${request.seed}</p>`
    },
  })
}

async function run(
  user: SignedInUser,
  ai: AiProvider,
  n: number,
): Promise<{ events: GenerationEvent[]; error: unknown }> {
  const events: GenerationEvent[] = []
  try {
    for await (const event of await frame.caller(user, { ai }).generation.run({ toolId, groups: bioValues(), n }))
      events.push(event)
    return { events, error: null }
  } catch (error) {
    return { events, error }
  }
}

const ofType = <T extends GenerationEvent['type']>(events: GenerationEvent[], type: T) =>
  events.filter((event): event is Extract<GenerationEvent, { type: T }> => event.type === type)

describe('generation.run with variants', () => {
  it('writes three variants in parallel, each its own generation with its own seed, charged 3 x cost', async () => {
    const ada = await frame.account('Ada', 10)
    const requests: TextRequest[] = []
    const { events, error } = await run(ada, bySeed(requests), 3)
    expect(error).toBeNull()
    const done = ofType(events, 'done')
    expect(done.map((event) => event.variant).sort()).toEqual([0, 1, 2])
    expect(new Set(done.map((event) => event.generationId)).size).toBe(3)
    expect(new Set(requests.map((request) => request.seed)).size).toBe(3)
    expect(new Set(done.map((event) => event.output)).size).toBe(3)
    // Every chunk names its variant, and each variant's chunks add up to its own answer.
    for (const variant of [0, 1, 2]) {
      const text = ofType(events, 'chunk')
        .filter((chunk) => chunk.variant === variant)
        .map((chunk) => chunk.text)
        .join('')
      expect(done.find((event) => event.variant === variant)?.output).toBe(text)
    }
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(7)
    const stored = await frame.db.prisma.generation.findMany({ where: { userId: ada.id, toolId } })
    expect(stored.map((row) => row.status)).toEqual(['succeeded', 'succeeded', 'succeeded'])
  })

  it('refunds a variant whose provider call fails, tells which, and keeps the others: 2 credits spent', async () => {
    const bob = await frame.account('Bob', 10)
    const { events, error } = await run(bob, failingOne(2, 3), 3)
    expect(error).toBeNull()
    const [failed, ...moreFailed] = ofType(events, 'failed')
    expect(moreFailed).toEqual([])
    expect(failed?.message).toBe(new AiProviderError('unavailable').message)
    expect(ofType(events, 'done')).toHaveLength(2)
    expect(await balanceOf(frame.db.prisma, bob.id)).toBe(8)
    const row = await frame.db.prisma.generation.findUniqueOrThrow({ where: { id: failed!.generationId } })
    expect(row.status).toBe('failed')
  })

  it('reserves all variants or none: short of 3 x cost, nothing is charged and nothing runs', async () => {
    const cy = await frame.account('Cy', 2)
    const requests: TextRequest[] = []
    const { events, error } = await run(cy, bySeed(requests), 3)
    expect(events).toEqual([])
    expect(error).toMatchObject({ code: 'PAYMENT_REQUIRED', message: expect.stringContaining('This needs 3 credits') })
    expect(requests).toEqual([])
    expect(await balanceOf(frame.db.prisma, cy.id)).toBe(2)
  })

  it('refunds every variant still running when the caller stops reading', async () => {
    const di = await frame.account('Di', 10)
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const stalls = fakeAiProvider({
      async *stream(request) {
        yield '<p>Partial'
        await Promise.race([held, new Promise((resolve) => request.signal?.addEventListener('abort', resolve))])
        yield '</p>'
      },
    })
    const controller = new AbortController()
    const stream = await frame
      .caller(di, { ai: stalls, signal: controller.signal })
      .generation.run({ toolId, groups: bioValues(), n: 3 })
    let chunks = 0
    for await (const event of stream) {
      if (event.type === 'chunk') chunks += 1
      // Every variant has started and sent its first piece: the client goes away (tRPC aborts the
      // request's signal, then closes the stream).
      if (chunks === 3) {
        controller.abort()
        break
      }
    }
    release()
    expect(await balanceOf(frame.db.prisma, di.id)).toBe(10)
    const rows = await frame.db.prisma.generation.findMany({ where: { userId: di.id, toolId } })
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed', 'failed'])
  })

  it('refuses n outside 1 to 3 before anything is reserved', async () => {
    const ed = await frame.account('Ed', 10)
    for (const n of [0, 4, 1.5]) {
      await expect(
        frame.caller(ed, { ai: bySeed() }).generation.run({ toolId, groups: bioValues(), n }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    }
    expect(await balanceOf(frame.db.prisma, ed.id)).toBe(10)
  })
})
