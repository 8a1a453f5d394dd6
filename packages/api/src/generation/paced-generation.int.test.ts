import { beforeAll, describe, expect, it } from 'vitest'

import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { TurnBudget } from '../scheduling/turn-budget.ts'
import type { GenerationEvent } from './run.schema.ts'
import { CANCELLED_GENERATION_ERROR } from './stream-generation.ts'
import { fakeAiProvider } from './testing/fake-ai-provider.ts'
import { useGenerationTestDatabase } from './testing/generation-test-database.ts'
import { bioValues, createGeneratorTool } from './testing/generator-tool.ts'

const frame = useGenerationTestDatabase()
let tool: { id: string; name: string }

beforeAll(async () => {
  tool = await createGeneratorTool(frame.db.prisma)
})

const writesBios = fakeAiProvider({
  models: { chat: 'fake-model' },
  async *stream() {
    yield* ['<p>Your ', 'bio, ', 'freshly ', 'written.</p>']
  },
})

/**
 * A budget of nothing: each turn lets one paced step through and moves every other to a later turn,
 * so every step of every generation below waits at least once. Counts the waits.
 */
function starvedTurns() {
  const waits = { count: 0 }
  const turns = new TurnBudget(0, {
    now: () => performance.now(),
    later: (resume) => {
      waits.count += 1
      setTimeout(resume, 0)
    },
  })
  return { turns, waits }
}

describe('generations pacing themselves on the event loop', () => {
  it('finish, store and charge exactly as unpaced ones when every step waits for a later turn', async () => {
    const { turns, waits } = starvedTurns()
    const users = await Promise.all(['ada', 'bo', 'cy', 'di', 'ed', 'flo'].map((name) => frame.account(name)))
    const runs = await Promise.all(
      users.map(async (user) => {
        const events: GenerationEvent[] = []
        const run = frame
          .caller(user, { ai: writesBios, turns })
          .generation.run({ toolId: tool.id, groups: bioValues() })
        for await (const event of await run) events.push(event)
        return events
      }),
    )

    expect(waits.count).toBeGreaterThan(users.length)
    for (const [index, events] of runs.entries()) {
      expect(events[0]).toMatchObject({ type: 'started', cost: 1 })
      expect(events.at(-1)).toMatchObject({
        type: 'done',
        output: '<p>Your bio, freshly written.</p>',
        creditsLeft: 29,
      })
      const text = events.flatMap((event) => (event.type === 'chunk' ? [event.text] : [])).join('')
      expect(text).toBe('<p>Your bio, freshly written.</p>')
      expect(await balanceOf(frame.db.prisma, users[index]!.id)).toBe(29)
    }
    const stored = await frame.db.prisma.generation.findMany({
      where: { userId: { in: users.map((user) => user.id) } },
    })
    expect(stored.map((row) => row.status)).toEqual(users.map(() => 'succeeded'))
  })

  it('refunds a generation whose caller leaves mid-stream while its steps wait for their turns', async () => {
    const { turns } = starvedTurns()
    const ada = await frame.account('ada-leaves')
    const leaving = new AbortController()
    const run = await frame
      .caller(ada, { ai: writesBios, turns, signal: leaving.signal })
      .generation.run({ toolId: tool.id, groups: bioValues() })
    const events = run[Symbol.asyncIterator]()
    expect((await events.next()).value).toMatchObject({ type: 'started' })
    // The next step is waiting for a turn; the consumer stops (tRPC's return() on a disconnect).
    leaving.abort()
    await events.return(undefined)

    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
    const [row] = await frame.db.prisma.generation.findMany({ where: { userId: ada.id } })
    expect(row).toMatchObject({ status: 'failed', error: CANCELLED_GENERATION_ERROR })
  })
})
