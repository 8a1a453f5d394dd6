import { TRPCClientError } from '@trpc/client'
import { beforeAll, describe, expect, it } from 'vitest'

import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'
import type { GenerationEvent } from '@promptly/api/generation/run.schema'

import { bioValues, createGeneratorTool, spendDownTo } from '../testing/generation-fixtures.ts'
import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

// The built-in local model (no OPENAI_* set), streaming at once.
const t = useTestApp({ env: { LOCAL_MODEL_CHUNK_DELAY_MS: '0', RATE_LIMIT_PER_MINUTE: '100000' }, listen: true })
let tool: { id: string; name: string }

beforeAll(async () => {
  tool = await createGeneratorTool(t.db.prisma)
})

const account = (): Promise<TestAccount> => t.signUp()

async function collect(events: AsyncIterable<GenerationEvent>): Promise<GenerationEvent[]> {
  const seen: GenerationEvent[] = []
  for await (const event of events) seen.push(event)
  return seen
}

describe('generation.run over HTTP (local model)', () => {
  it('streams started, chunks and done, stores the sanitised output and charges the cost', async () => {
    const ada = await account()
    const client = t.trpc(ada)
    const before = await balanceOf(t.db.prisma, ada.user.id)
    const events = await collect(await client.generation.run.mutate({ toolId: tool.id, groups: bioValues() }))

    const [started, ...rest] = events
    const done = rest.at(-1)
    const chunks = rest.filter((event) => event.type === 'chunk')
    expect(started).toMatchObject({ type: 'started', cost: 1, localModel: true })
    expect(chunks.length).toBeGreaterThan(1)
    expect(done?.type).toBe('done')
    if (started?.type !== 'started' || done?.type !== 'done') throw new Error('unexpected stream')
    expect(done.generationId).toBe(started.generationId)
    expect(done.creditsLeft).toBe(before - 1)
    expect(done.output).toMatch(/<(p|h2|ul)>/)

    const row = await t.db.prisma.generation.findUniqueOrThrow({ where: { id: done.generationId } })
    expect(row).toMatchObject({
      status: 'succeeded',
      output: done.output,
      credits: 1,
      provider: 'local',
      toolId: tool.id,
      userId: ada.user.id,
    })
    expect(row.latencyMs).toBeGreaterThanOrEqual(0)
    expect(row.input).toEqual({ groups: bioValues() })
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(before - 1)
  })

  it('refuses a missing required field with its message, before charging anything', async () => {
    const ada = await account()
    const client = t.trpc(ada)
    const before = await balanceOf(t.db.prisma, ada.user.id)
    const error = await client.generation.run
      .mutate({ toolId: tool.id, groups: [['', 'formal']] })
      .then(collect)
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TRPCClientError)
    expect(error).toMatchObject({ message: 'Business name is required', data: { code: 'BAD_REQUEST' } })
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(before)
  })

  it(
    'refuses an upcoming tool with Coming Soon..., a ' + 'dedicated tool, and an unknown id, charging nothing',
    async () => {
      const ada = await account()
      const client = t.trpc(ada)
      const upcoming = await createGeneratorTool(t.db.prisma, {
        labels: ['All Tools', 'Upcoming Tools'],
        upcoming: true,
      })
      const image = await createGeneratorTool(t.db.prisma, { kind: 'image' })
      const before = await balanceOf(t.db.prisma, ada.user.id)
      const run = (toolId: string) =>
        client.generation.run
          .mutate({ toolId, groups: bioValues() })
          .then(collect)
          .catch((caught: unknown) => caught)

      expect(await run(upcoming.id)).toMatchObject({ message: 'Coming Soon...', data: { code: 'BAD_REQUEST' } })
      expect(await run(image.id)).toMatchObject({ data: { code: 'BAD_REQUEST' } })
      expect(await run('7d1f6f3e-0000-4000-8000-000000000000')).toMatchObject({
        message: 'Tool not found',
        data: { code: 'NOT_FOUND' },
      })
      expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(before)
      expect(await t.db.prisma.generation.count({ where: { userId: ada.user.id } })).toBe(0)
    },
  )

  it('answers PAYMENT_REQUIRED with a link to /plan when the credits are gone, and charges nothing', async () => {
    const ada = await account()
    await spendDownTo(t.db.prisma, ada.user.id, 0)
    const client = t.trpc(ada)
    const error = await client.generation.run
      .mutate({ toolId: tool.id, groups: bioValues() })
      .then(collect)
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TRPCClientError)
    expect(error).toMatchObject({ data: { code: 'PAYMENT_REQUIRED' } })
    expect((error as Error).message).toContain('/plan')
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(0)
    expect(await t.db.prisma.generation.count({ where: { userId: ada.user.id, toolId: tool.id } })).toBe(0)
  })

  it('lets exactly 5 of 20 concurrent generations through on 5 credits and leaves the balance at 0', async () => {
    const ada = await account()
    await spendDownTo(t.db.prisma, ada.user.id, 5)
    // One client per call: a shared link would batch them into one HTTP request.
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        t
          .trpc(ada)
          .generation.run.mutate({ toolId: tool.id, groups: bioValues(`Shop ${index}`) })
          .then(collect)
          .then((events) => events.at(-1)?.type ?? 'nothing')
          .catch((caught: unknown) => (caught instanceof TRPCClientError ? String(caught.data?.code) : 'unexpected')),
      ),
    )
    expect(outcomes.filter((outcome) => outcome === 'done')).toHaveLength(5)
    expect(outcomes.filter((outcome) => outcome === 'PAYMENT_REQUIRED')).toHaveLength(15)
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(0)
    expect(
      await t.db.prisma.generation.count({ where: { userId: ada.user.id, toolId: tool.id, status: 'succeeded' } }),
    ).toBe(5)
  })

  it('answers UNAUTHORIZED signed out', async () => {
    const error = await t
      .trpc()
      .generation.run.mutate({ toolId: tool.id, groups: bioValues() })
      .then(collect)
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ data: { code: 'UNAUTHORIZED', httpStatus: 401 } })
  })

  it('tells the client the local model answers (public config)', async () => {
    expect(await t.trpc().system.config.query()).toMatchObject({ localModel: true })
  })
})
