import { beforeAll, describe, expect, it } from 'vitest'

import { fakeAiProvider } from './testing/fake-ai-provider.ts'
import { useGenerationTestDatabase } from './testing/generation-test-database.ts'
import { bioValues, createGeneratorTool } from './testing/generator-tool.ts'

const frame = useGenerationTestDatabase()
let toolId: string

beforeAll(async () => {
  toolId = (await createGeneratorTool(frame.db.prisma)).id
})

const writes = fakeAiProvider({
  async *stream(request) {
    yield `<p>Written with seed ${request.seed}</p>`
  },
})

/** The ids of the variants a run of `n` wrote for `user`. */
async function variantIds(user: Awaited<ReturnType<typeof frame.account>>, n: number): Promise<string[]> {
  const ids: string[] = []
  for await (const event of await frame.caller(user, { ai: writes }).generation.run({ toolId, groups: bioValues(), n }))
    if (event.type === 'done') ids.push(event.generationId)
  return ids
}

describe('generation.keep', () => {
  it("marks one of the caller's variants, shows it in history, and is NOT_FOUND for anyone else", async () => {
    const fay = await frame.account('Fay', 10)
    const gus = await frame.account('Gus', 10)
    const [first, second] = await variantIds(fay, 2)
    const caller = frame.caller(fay)
    expect(await caller.generation.keep({ id: first!, kept: true })).toEqual({ id: first, kept: true })
    const { items } = await caller.generation.history({})
    expect(items.filter((item) => item.kept).map((item) => item.id)).toEqual([first])
    expect(items.find((item) => item.id === second)?.kept).toBe(false)
    await expect(frame.caller(gus).generation.keep({ id: first!, kept: false })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    expect((await caller.generation.get({ id: first! })).kept).toBe(true)
    // Unmarked again by its owner.
    await caller.generation.keep({ id: first!, kept: false })
    expect((await caller.generation.get({ id: first! })).kept).toBe(false)
  })
})
