import { beforeAll, describe, expect, it } from 'vitest'

import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'
import type { GenerationEvent } from '@promptly/api/generation/run.schema'
import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'

import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

/**
 * What only HTTP shows: the run streamed over the wire (httpBatchStreamLink) by the model the server
 * picks itself when no OPENAI_* is set. The procedure's rules (refusals, charges, refunds, races)
 * are tested beside its handler, packages/api/src/generation/run.int.test.ts.
 */
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

  it('tells the client the local model answers (public config)', async () => {
    expect(await t.trpc().system.config.query()).toMatchObject({ localModel: true })
  })
})
