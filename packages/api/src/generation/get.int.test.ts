import { randomUUID } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { beforeAll, describe, expect, it } from 'vitest'

import type { SignedInUser } from '../context.ts'
import { fakeAiProvider } from './testing/fake-ai-provider.ts'
import { useGenerationTestDatabase } from './testing/generation-test-database.ts'
import { bioValues, createGeneratorTool } from './testing/generator-tool.ts'
import { storeGeneration } from './testing/stored-generations.ts'

const frame = useGenerationTestDatabase()
let bakery: { id: string; name: string }
let ada: SignedInUser
let bob: SignedInUser
let adaId: string
let bobId: string

beforeAll(async () => {
  bakery = await createGeneratorTool(frame.db.prisma, { name: 'Bakery Bio Writer' })
  ada = await frame.account('ada')
  bob = await frame.account('bob')
  adaId = await storeGeneration(frame.db.prisma, {
    userId: ada.id,
    toolId: bakery.id,
    output: '<p>Warm <strong>sourdough</strong> every morning.</p>',
    minutesAgo: 50,
  })
  bobId = await storeGeneration(frame.db.prisma, {
    userId: bob.id,
    toolId: bakery.id,
    output: '<p>Bob sourdough secret</p>',
    minutesAgo: 10,
  })
})

describe('generation.get', () => {
  it('returns the values sent and the stored output', async () => {
    const one = await frame.caller(ada).generation.get({ id: adaId })
    expect(one).toMatchObject({
      id: adaId,
      toolId: bakery.id,
      toolName: 'Bakery Bio Writer',
      status: 'succeeded',
      credits: 1,
      values: bioValues('Shop 50'),
      request: null,
    })
    expect(one.output).toContain('sourdough')
  })

  it("returns a dedicated tool's request as it was asked", async () => {
    const ai = fakeAiProvider({ text: () => 'Said again.' })
    const { generationId } = await frame.caller(ada, { ai }).generation.paraphrase({ prompt: 'Say it again.' })
    expect(await frame.caller(ada).generation.get({ id: generationId })).toMatchObject({
      kind: 'paraphrase',
      values: [],
      request: { prompt: 'Say it again.' },
      output: '<p>Said again.</p>',
      media: [],
    })
  })

  it("answers NOT_FOUND for another user's id exactly as for an unknown one", async () => {
    const other = await frame
      .caller(ada)
      .generation.get({ id: bobId })
      .catch((caught: unknown) => caught)
    const unknown = await frame
      .caller(ada)
      .generation.get({ id: randomUUID() })
      .catch((caught: unknown) => caught)
    expect(other).toBeInstanceOf(TRPCError)
    expect(other).toMatchObject({ message: 'Generation not found', code: 'NOT_FOUND' })
    expect(unknown).toMatchObject({ message: 'Generation not found', code: 'NOT_FOUND' })
  })

  it('refuses an id that is not a generation id with BAD_REQUEST', async () => {
    const error = await frame
      .caller(ada)
      .generation.get({ id: "1' OR '1'='1" })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'BAD_REQUEST' })
  })

  it('answers UNAUTHORIZED (401) signed out', async () => {
    const error = await frame
      .caller(null)
      .generation.get({ id: adaId })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(getHTTPStatusCodeFromError(error as TRPCError)).toBe(401)
  })
})
