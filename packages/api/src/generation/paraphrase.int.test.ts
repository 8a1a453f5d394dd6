import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES, AiProviderError, type AiErrorCode } from '@promptly/ai/errors'
import type { TextRequest } from '@promptly/ai/provider'
import { PARAPHRASE_INSTRUCTION } from '@promptly/core/generation/media'
import { MEDIA_MESSAGES } from '@promptly/core/generation/media-options'

import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { fakeAiProvider } from './testing/fake-ai-provider.ts'
import { useGenerationTestDatabase } from './testing/generation-test-database.ts'

const frame = useGenerationTestDatabase()

const rewrites = fakeAiProvider({ text: (prompt) => `  ${prompt.toUpperCase()}\nAND <MORE> \n` })

describe('generation.paraphrase', () => {
  it('answers the rewritten text, charges one credit and keeps it in history', async () => {
    const ada = await frame.account('ada')
    const seen: TextRequest[] = []
    const ai = fakeAiProvider({
      async *stream(request) {
        seen.push(request)
        yield* ['  Said ', 'again.\n', 'And <more>  ']
      },
    })
    const answer = await frame.caller(ada, { ai }).generation.paraphrase({ prompt: 'Say it again.' })
    expect(answer).toMatchObject({ text: 'Said again.\nAnd <more>', creditsLeft: 29 })
    expect(seen).toMatchObject([{ system: PARAPHRASE_INSTRUCTION, prompt: 'Say it again.' }])
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(29)
    expect(await frame.db.prisma.generation.findUniqueOrThrow({ where: { id: answer.generationId } })).toMatchObject({
      userId: ada.id,
      kind: 'paraphrase',
      status: 'succeeded',
      credits: 1,
      input: { prompt: 'Say it again.' },
      output: '<p>Said again.</p><p>And &lt;more&gt;</p>',
    })
  })

  it('refunds an empty answer instead of charging for it', async () => {
    const ada = await frame.account('ada-empty')
    const ai = fakeAiProvider({ text: () => ' \n ' })
    await expect(frame.caller(ada, { ai }).generation.paraphrase({ prompt: 'Hello' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: AI_ERROR_MESSAGES.unavailable,
    })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
    expect(await frame.db.prisma.generation.findFirst({ where: { userId: ada.id } })).toMatchObject({
      status: 'failed',
    })
  })

  it('answers each provider failure with its code, status and user message, and refunds', async () => {
    const ada = await frame.account('ada-failures')
    const cases: Array<[Exclude<AiErrorCode, 'unsupported' | 'cancelled'>, string, number]> = [
      ['rate_limited', 'TOO_MANY_REQUESTS', 429],
      ['unavailable', 'SERVICE_UNAVAILABLE', 503],
      ['timeout', 'GATEWAY_TIMEOUT', 504],
      ['bad_request', 'BAD_REQUEST', 400],
    ]
    for (const [aiCode, code, httpStatus] of cases) {
      const ai = fakeAiProvider({
        stream: () => {
          throw new AiProviderError(aiCode, { details: { status: httpStatus, providerCode: 'model down' } })
        },
      })
      const error = await frame
        .caller(ada, { ai })
        .generation.paraphrase({ prompt: 'Hello there' })
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(TRPCError)
      expect({ code: (error as TRPCError).code, message: (error as TRPCError).message }).toEqual({
        code,
        message: AI_ERROR_MESSAGES[aiCode],
      })
      expect(getHTTPStatusCodeFromError(error as TRPCError)).toBe(httpStatus)
    }
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
    expect(await frame.db.prisma.generation.count({ where: { userId: ada.id, status: 'failed' } })).toBe(4)
  })

  it('answers PAYMENT_REQUIRED with no credits left, and calls no provider', async () => {
    const ada = await frame.account('ada-broke', 0)
    let calls = 0
    const ai = fakeAiProvider({ text: () => `call ${(calls += 1)}` })
    await expect(frame.caller(ada, { ai }).generation.paraphrase({ prompt: 'Hello' })).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
    })
    expect(calls).toBe(0)
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(0)
  })

  it('refuses empty text with its message and a signed-out caller, charging nothing', async () => {
    const ada = await frame.account('ada-refused')
    const error = await frame
      .caller(ada, { ai: rewrites })
      .generation.paraphrase({ prompt: '   ' })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'BAD_REQUEST' })
    expect((error as Error).message).toContain(MEDIA_MESSAGES.emptyText)
    await expect(frame.caller(null, { ai: rewrites }).generation.paraphrase({ prompt: 'Hi' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
    expect(await frame.db.prisma.generation.count({ where: { userId: ada.id } })).toBe(0)
  })

  it("keeps a paraphrase to its owner: another user's history and get see nothing of it", async () => {
    const ada = await frame.account('ada-owner')
    const bob = await frame.account('bob')
    const { generationId } = await frame.caller(ada, { ai: rewrites }).generation.paraphrase({ prompt: 'Private' })
    expect((await frame.caller(bob).generation.history({})).items).toEqual([])
    await expect(frame.caller(bob).generation.get({ id: generationId })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await balanceOf(frame.db.prisma, bob.id)).toBe(30)
  })
})
