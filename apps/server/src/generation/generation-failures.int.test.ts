import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES } from '@promptly/ai/errors'
import {
  chunkLine,
  sendJson,
  startEventStream,
  startFakeOpenAiServer,
  type FakeHandler,
  type FakeOpenAiServer,
} from '@promptly/ai/testing/fake-openai-server'
import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'
import type { GenerationEvent } from '@promptly/api/generation/run.schema'
import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'

import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

/** What the provider's raw error says: it must never reach the user. */
const PROVIDER_SECRET_TEXT = 'upstream exploded near key sk-live-DO-NOT-LEAK'

let fake: FakeOpenAiServer
let behaviour: FakeHandler
let tool: { id: string }
let ada: TestAccount

const t = useTestApp(async () => {
  fake = await startFakeOpenAiServer((request, response, index) => behaviour(request, response, index))
  return {
    listen: true,
    env: {
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'sk-test-fake',
      // No retries: the refused call must reach the client as the provider answered it.
      OPENAI_MAX_RETRIES: '0',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  }
})
beforeAll(async () => {
  tool = await createGeneratorTool(t.db.prisma)
})
afterAll(() => fake.close())
beforeEach(async () => {
  ada = await t.signUp()
})

function run(account: TestAccount, signal?: AbortSignal): Promise<AsyncIterable<GenerationEvent>> {
  return t.trpc(account).generation.run.mutate({ toolId: tool.id, groups: bioValues() }, signal ? { signal } : {})
}

/** The account's one generation, once it has settled (a refund can land just after the client hears). */
async function settledGeneration(userId: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const row = await t.db.prisma.generation.findFirst({
      where: { userId, toolId: tool.id },
      orderBy: { createdAt: 'desc' },
    })
    if (row && row.status !== 'reserved') return row
    await sleep(50)
  }
  throw new Error('the generation never settled')
}

/**
 * A generation that fails where only HTTP shows it: the client hanging up mid-stream (the server must
 * stop, close the provider's connection and refund) and the legacy REST envelope. How generation.run
 * and its one-shot siblings settle every other failure is tested beside the handlers, with a fake
 * provider, in packages/api/src/generation/*.int.test.ts.
 */
describe('generation.run against a failing provider, over HTTP', () => {
  it('refunds when the client cancels mid-stream, and closes the provider connection', async () => {
    behaviour = async (request, response) => {
      startEventStream(response)
      let gone = false
      void request.closed.then(() => (gone = true))
      for (let index = 0; index < 200 && !gone; index += 1) {
        response.write(chunkLine(`<p>part ${index}</p>`))
        await sleep(50)
      }
      if (!gone) response.end(chunkLine('', 'stop'))
    }
    const before = await balanceOf(t.db.prisma, ada.user.id)
    const stop = new AbortController()
    const seen: string[] = []
    const error = await (async () => {
      for await (const event of await run(ada, stop.signal)) {
        seen.push(event.type)
        if (event.type === 'chunk') stop.abort()
      }
    })().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Error)
    expect(seen).toContain('chunk')
    expect(seen).not.toContain('done')
    expect(await fake.requests.at(-1)!.closed).toBe(true)
    expect(await settledGeneration(ada.user.id)).toMatchObject({ status: 'failed', error: AI_ERROR_MESSAGES.cancelled })
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(before)
  })

  it('answers the legacy REST call with the error envelope and refunds', async () => {
    behaviour = (_request, response) =>
      sendJson(response, 429, { error: { message: PROVIDER_SECRET_TEXT, type: 'rate_limit', code: 'rate_limited' } })
    const before = await balanceOf(t.db.prisma, ada.user.id)
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/objects/getResponseOfObject/${tool.id}`,
      headers: ada.bearer,
      payload: { groups: bioValues() },
    })
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({
      status: 'error',
      error: AI_ERROR_MESSAGES.rate_limited,
      message: AI_ERROR_MESSAGES.rate_limited,
      code: 'TOO_MANY_REQUESTS',
    })
    expect(res.body).not.toContain('DO-NOT-LEAK')
    expect(await settledGeneration(ada.user.id)).toMatchObject({ status: 'failed' })
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(before)
  })
})
