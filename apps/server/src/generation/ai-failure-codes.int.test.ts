import { TRPCClientError } from '@trpc/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES, type AiErrorCode } from '@promptly/ai/errors'
import { sendJson, startFakeOpenAiServer, type FakeOpenAiServer } from '@promptly/ai/testing/fake-openai-server'
import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'
import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'
import type { AppRouter } from '@promptly/api/root'
import { markEmailVerified } from '@promptly/api/users/verify-email'
import { DEFAULT_REFERRAL_DAILY_CAP } from '@promptly/core/credits/plan-rules'

import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

/**
 * One AI failure answers alike through every door: a one-shot tRPC call (generation.paraphrase),
 * the streamed tRPC run, and the REST calls (the dedicated tool's and getResponseOfObject). Before
 * the errors had one map, the one-shot tRPC calls turned every provider failure into a 500.
 */
/** What the provider's failures say: it must never reach the user. */
const PROVIDER_TEXT = 'model down, key sk-live-x'

let fake: FakeOpenAiServer
let failWith = 500
let tool: { id: string }
let ada: TestAccount

const t = useTestApp(async () => {
  fake = await startFakeOpenAiServer((_request, response) =>
    sendJson(response, failWith, { error: { message: PROVIDER_TEXT } }),
  )
  return {
    listen: true,
    env: {
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'sk-test-fake',
      OPENAI_MAX_RETRIES: '0',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  }
})
beforeAll(async () => {
  tool = await createGeneratorTool(t.db.prisma)
  ada = await t.signUp({ name: 'Ada' })
  // A verified account holds the trial's credits, so each call reaches the provider.
  await t.db.prisma.$transaction((tx) =>
    markEmailVerified(tx, ada.user.id, { referralDailyCap: DEFAULT_REFERRAL_DAILY_CAP }),
  )
})
afterAll(() => fake.close())

async function trpcFailure(
  call: () => Promise<unknown>,
): Promise<{ code?: string; httpStatus?: number; message: string }> {
  const error = await call().then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(TRPCClientError)
  // Nothing of the provider's own answer crosses the wire, in the message or anywhere else.
  expect(JSON.stringify(error)).not.toContain(PROVIDER_TEXT)
  const { data, message } = error as TRPCClientError<AppRouter>
  return { code: data?.code, httpStatus: data?.httpStatus, message }
}

async function restFailure(
  url: string,
  payload: object,
): Promise<{ code?: string; httpStatus: number; message: string }> {
  const res = await t.app.inject({ method: 'POST', url, headers: ada.bearer, payload })
  const body = res.json<{ status: string; code: string; message: string; error: string }>()
  expect(body.status).toBe('error')
  expect(body.error).toBe(body.message)
  expect(res.body).not.toContain(PROVIDER_TEXT)
  return { code: body.code, httpStatus: res.statusCode, message: body.message }
}

const cases: Array<[string, number, Exclude<AiErrorCode, 'unsupported' | 'cancelled'>, string, number]> = [
  ['a rate limit', 429, 'rate_limited', 'TOO_MANY_REQUESTS', 429],
  ['an unavailable service', 503, 'unavailable', 'SERVICE_UNAVAILABLE', 503],
  ['a timeout', 504, 'timeout', 'GATEWAY_TIMEOUT', 504],
  ['a refused request', 400, 'bad_request', 'BAD_REQUEST', 400],
]

describe.each(cases)('%s from the AI service (it answers %i)', (_name, providerStatus, aiCode, code, httpStatus) => {
  const expected = { code, httpStatus, message: AI_ERROR_MESSAGES[aiCode] }

  it('answers the same code, status and message over tRPC (one-shot and streamed) and REST, and refunds', async () => {
    failWith = providerStatus
    const before = await balanceOf(t.db.prisma, ada.user.id)
    const asAda = t.trpc(ada)

    expect(await trpcFailure(() => asAda.generation.paraphrase.mutate({ prompt: 'Hello there' }))).toEqual(expected)
    expect(
      await trpcFailure(async () => {
        for await (const event of await asAda.generation.run.mutate({ toolId: tool.id, groups: bioValues() }))
          void event
      }),
    ).toEqual(expected)
    expect(await restFailure('/api/v2/response/paraphrase', { prompt: 'Hello there' })).toEqual(expected)
    expect(await restFailure(`/api/v1/objects/getResponseOfObject/${tool.id}`, { groups: bioValues() })).toEqual(
      expected,
    )

    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(before)
  })
})
