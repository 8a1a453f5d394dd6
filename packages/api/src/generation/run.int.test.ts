import { setTimeout as sleep } from 'node:timers/promises'
import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { beforeAll, describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES, AiProviderError } from '@promptly/ai/errors'
import type { AiProvider, TextRequest } from '@promptly/ai/provider'

import type { SignedInUser } from '../context.ts'
import { balanceOf } from '../credits/testing/users-with-credits.ts'
import type { GenerationEvent } from './run.schema.ts'
import { fakeAiProvider } from './testing/fake-ai-provider.ts'
import { useGenerationTestDatabase } from './testing/generation-test-database.ts'
import { bioValues, createGeneratorTool } from './testing/generator-tool.ts'

const frame = useGenerationTestDatabase()
let tool: { id: string; name: string }

beforeAll(async () => {
  tool = await createGeneratorTool(frame.db.prisma)
})

/** An OpenAI-compatible provider streaming `pieces` a few milliseconds apart, noting each request. */
function streaming(pieces: readonly string[], requests: TextRequest[] = []): AiProvider {
  return fakeAiProvider({
    models: { chat: 'fake-model' },
    async *stream(request) {
      requests.push(request)
      for (const piece of pieces) {
        await sleep(5)
        yield piece
      }
    },
  })
}

/** A provider that sends `pieces` and then fails as `code`. */
function failingAfter(pieces: readonly string[], code: 'unavailable' | 'timeout'): AiProvider {
  return fakeAiProvider({
    async *stream() {
      yield* pieces
      throw new AiProviderError(code, { details: { status: 500, providerCode: 'boom' } })
    },
  })
}

const writesBios = streaming(['<p>Your ', 'bio, ', 'freshly ', 'written.</p>'])

/** Every event of one run, and the error that ended it (null when it finished). */
async function outcome(
  user: SignedInUser | null,
  ai: AiProvider = writesBios,
  options: { toolId?: string; groups?: string[][] } = {},
): Promise<{ events: GenerationEvent[]; error: unknown }> {
  const events: GenerationEvent[] = []
  try {
    const run = frame
      .caller(user, { ai })
      .generation.run({ toolId: options.toolId ?? tool.id, groups: options.groups ?? bioValues() })
    for await (const event of await run) events.push(event)
    return { events, error: null }
  } catch (error) {
    return { events, error }
  }
}

/** The account's latest generation of the test tool. */
function latestGeneration(userId: string) {
  return frame.db.prisma.generation.findFirstOrThrow({
    where: { userId, toolId: tool.id },
    orderBy: { createdAt: 'desc' },
  })
}

describe('generation.run', () => {
  it('streams started, chunks and done, stores the sanitised output with its model and charges the cost', async () => {
    const ada = await frame.account('ada')
    const requests: TextRequest[] = []
    const ai = streaming(
      ['<p>Fresh bread ', 'daily.</p>', '<img src=x onerror=alert(1)>', '<script>alert(2)</script>'],
      requests,
    )
    const { events, error } = await outcome(ada, ai)
    expect(error).toBeNull()

    const [started, ...rest] = events
    const done = rest.at(-1)
    expect(started).toMatchObject({ type: 'started', cost: 1, localModel: false })
    expect(rest.filter((event) => event.type === 'chunk').length).toBeGreaterThan(1)
    if (started?.type !== 'started' || done?.type !== 'done') throw new Error('unexpected stream')
    expect(done).toMatchObject({
      generationId: started.generationId,
      output: '<p>Fresh bread daily.</p>',
      creditsLeft: 29,
    })

    const row = await frame.db.prisma.generation.findUniqueOrThrow({ where: { id: done.generationId } })
    expect(row).toMatchObject({
      status: 'succeeded',
      output: '<p>Fresh bread daily.</p>',
      credits: 1,
      provider: 'openai-compatible',
      model: 'fake-model',
      toolId: tool.id,
      userId: ada.id,
    })
    expect(row.output).not.toMatch(/onerror|<img|<script/i)
    expect(row.latencyMs).toBeGreaterThanOrEqual(0)
    expect(row.input).toEqual({ groups: bioValues() })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(29)
    // The prompt is the server's, composed from the tool's form; the client only ever sent values.
    expect(requests.map((request) => request.prompt)).toEqual([
      expect.stringContaining('Write a short bio for Green Leaf Bakery.'),
    ])
  })

  it('refuses a missing required field with its message, before charging anything', async () => {
    const ada = await frame.account('ada-missing')
    const { error } = await outcome(ada, writesBios, { groups: [['', 'formal']] })
    expect(error).toBeInstanceOf(TRPCError)
    expect(error).toMatchObject({ message: 'Business name is required', code: 'BAD_REQUEST' })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
  })

  it('refuses an upcoming tool (Coming Soon...), a dedicated tool and an unknown id, charging nothing', async () => {
    const ada = await frame.account('ada-refused')
    const upcoming = await createGeneratorTool(frame.db.prisma, {
      labels: ['All Tools', 'Upcoming Tools'],
      upcoming: true,
    })
    const image = await createGeneratorTool(frame.db.prisma, { kind: 'image' })
    const errorOf = async (toolId: string) => (await outcome(ada, writesBios, { toolId })).error

    expect(await errorOf(upcoming.id)).toMatchObject({ message: 'Coming Soon...', code: 'BAD_REQUEST' })
    expect(await errorOf(image.id)).toMatchObject({ code: 'BAD_REQUEST' })
    expect(await errorOf('7d1f6f3e-0000-4000-8000-000000000000')).toMatchObject({
      message: 'Tool not found',
      code: 'NOT_FOUND',
    })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
    expect(await frame.db.prisma.generation.count({ where: { userId: ada.id } })).toBe(0)
  })

  it('runs a personal tool for its owner only: to anyone else it does not exist, and nothing is charged', async () => {
    const owner = await frame.account('owner')
    const other = await frame.account('other')
    const personal = await createGeneratorTool(frame.db.prisma, { ownerId: owner.id, published: false })

    expect((await outcome(other, writesBios, { toolId: personal.id })).error).toMatchObject({
      message: 'Tool not found',
      code: 'NOT_FOUND',
    })
    expect(await balanceOf(frame.db.prisma, other.id)).toBe(30)
    expect(await frame.db.prisma.generation.count({ where: { userId: other.id } })).toBe(0)
    expect((await outcome(owner, writesBios, { toolId: personal.id })).events.at(-1)).toMatchObject({ type: 'done' })
  })

  it('answers PAYMENT_REQUIRED with a link to /plan when the credits are gone, and charges nothing', async () => {
    const ada = await frame.account('ada-broke', 0)
    const { error } = await outcome(ada)
    expect(error).toBeInstanceOf(TRPCError)
    expect(error).toMatchObject({ code: 'PAYMENT_REQUIRED' })
    expect((error as Error).message).toContain('/plan')
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(0)
    expect(await frame.db.prisma.generation.count({ where: { userId: ada.id, toolId: tool.id } })).toBe(0)
  })

  it('lets exactly 5 of 20 concurrent generations through on 5 credits and leaves the balance at 0', async () => {
    const ada = await frame.account('ada-race', 5)
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const { events, error } = await outcome(ada, writesBios, { groups: bioValues(`Shop ${index}`) })
        if (error) return error instanceof TRPCError ? error.code : 'unexpected'
        return events.at(-1)?.type ?? 'nothing'
      }),
    )
    expect(outcomes.filter((result) => result === 'done')).toHaveLength(5)
    expect(outcomes.filter((result) => result === 'PAYMENT_REQUIRED')).toHaveLength(15)
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(0)
    expect(
      await frame.db.prisma.generation.count({ where: { userId: ada.id, toolId: tool.id, status: 'succeeded' } }),
    ).toBe(5)
  })

  it('answers UNAUTHORIZED (401) signed out', async () => {
    const { error } = await outcome(null)
    expect(error).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(getHTTPStatusCodeFromError(error as TRPCError)).toBe(401)
  })
})

describe('generation.run against a failing provider', () => {
  it("refunds a provider error and shows its user message, never the provider's details", async () => {
    const ada = await frame.account('ada-unavailable')
    const { events, error } = await outcome(ada, failingAfter([], 'unavailable'))
    expect(error).toBeInstanceOf(TRPCError)
    expect(error).toMatchObject({ message: AI_ERROR_MESSAGES.unavailable, code: 'SERVICE_UNAVAILABLE' })
    expect(events.map((event) => event.type)).toEqual(['started'])
    const row = await latestGeneration(ada.id)
    expect(row).toMatchObject({ status: 'failed', error: AI_ERROR_MESSAGES.unavailable })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
    expect(
      await frame.db.prisma.creditEntry.count({ where: { userId: ada.id, reason: 'refund', reference: row.id } }),
    ).toBe(1)
  })

  it('refunds an answer that sanitises to nothing instead of charging for it', async () => {
    const ada = await frame.account('ada-empty')
    const { error } = await outcome(ada, streaming(['<script>alert(1)</script>', '<img src=x onerror=alert(2)>']))
    expect(error).toMatchObject({ message: AI_ERROR_MESSAGES.unavailable, code: 'SERVICE_UNAVAILABLE' })
    expect(await latestGeneration(ada.id)).toMatchObject({ status: 'failed', output: null })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
  })

  it('refunds a stream the provider times out after a first chunk', async () => {
    const ada = await frame.account('ada-stall')
    const { events, error } = await outcome(ada, failingAfter(['<p>Once upon'], 'timeout'))
    expect(error).toMatchObject({ message: AI_ERROR_MESSAGES.timeout, code: 'GATEWAY_TIMEOUT' })
    expect(events.map((event) => event.type)).toEqual(['started', 'chunk'])
    expect(await latestGeneration(ada.id)).toMatchObject({ status: 'failed', error: AI_ERROR_MESSAGES.timeout })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
  })

  it('refunds when the caller goes away mid-stream, and tells the provider to stop', async () => {
    const ada = await frame.account('ada-leaves')
    let providerSignal: AbortSignal | undefined
    const ai = fakeAiProvider({
      async *stream(request) {
        providerSignal = request.signal
        for (let index = 0; index < 200 && !request.signal?.aborted; index += 1) {
          yield `<p>part ${index}</p>`
          await sleep(10)
        }
        if (request.signal?.aborted) throw new AiProviderError('cancelled')
      },
    })
    const leaving = new AbortController()
    const seen: string[] = []
    const error = await (async () => {
      const run = frame
        .caller(ada, { ai, signal: leaving.signal })
        .generation.run({ toolId: tool.id, groups: bioValues() })
      for await (const event of await run) {
        seen.push(event.type)
        if (event.type === 'chunk') leaving.abort()
      }
    })().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Error)
    expect(seen).toContain('chunk')
    expect(seen).not.toContain('done')
    expect(providerSignal?.aborted).toBe(true)
    expect(await latestGeneration(ada.id)).toMatchObject({ status: 'failed', error: AI_ERROR_MESSAGES.cancelled })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
  })
})
