import { setTimeout as sleep } from 'node:timers/promises'
import { TRPCClientError } from '@trpc/client'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES } from '@promptly/ai/errors'
import {
  chunkLine,
  sendJson,
  startEventStream,
  startFakeOpenAiServer,
  streamWholeAnswer,
  type FakeHandler,
  type FakeOpenAiServer,
} from '@promptly/ai/testing/fake-openai-server'
import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'
import type { GenerationEvent } from '@promptly/api/generation/run.schema'

import { bioValues, createGeneratorTool } from '../testing/generation-fixtures.ts'
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
      OPENAI_CHAT_MODEL: 'fake-model',
      // Short (the stall case waits it out) but not so short that a busy machine trips it; no retries.
      OPENAI_TIMEOUT_MS: '3000',
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

async function outcome(account: TestAccount): Promise<{ events: GenerationEvent[]; error: unknown }> {
  const events: GenerationEvent[] = []
  try {
    for await (const event of await run(account)) events.push(event)
    return { events, error: null }
  } catch (error) {
    return { events, error }
  }
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

describe('generation.run against a failing provider', () => {
  it(
    'stores the sanitised answer of an OpenAI-compatible ' + 'server, with its model, and no event handler survives',
    async () => {
      behaviour = (_request, response) =>
        streamWholeAnswer(response, [
          '<p>Fresh bread ',
          'daily.</p>',
          '<img src=x onerror=alert(1)>',
          '<script>alert(2)</script>',
        ])
      const { events, error } = await outcome(ada)
      expect(error).toBeNull()
      const done = events.at(-1)
      if (done?.type !== 'done') throw new Error('no done event')
      expect(done.output).toBe('<p>Fresh bread daily.</p>')
      expect(events[0]).toMatchObject({ type: 'started', localModel: false })
      const row = await settledGeneration(ada.user.id)
      expect(row).toMatchObject({
        status: 'succeeded',
        provider: 'openai-compatible',
        model: 'fake-model',
        output: '<p>Fresh bread daily.</p>',
      })
      expect(row.output).not.toMatch(/onerror|<img|<script/i)
      // The prompt went to the server; the client only ever sent values.
      const body = JSON.parse(fake.requests.at(-1)!.body.toString('utf8')) as { messages: Array<{ content: string }> }
      expect(body.messages[1]?.content).toContain('Write a short bio for Green Leaf Bakery.')
    },
  )

  it("refunds a provider error and shows its user message, never the provider's text", async () => {
    behaviour = (_request, response) =>
      sendJson(response, 500, { error: { message: PROVIDER_SECRET_TEXT, type: 'server_error', code: 'boom' } })
    const before = await balanceOf(t.db.prisma, ada.user.id)
    const { events, error } = await outcome(ada)
    expect(error).toBeInstanceOf(TRPCClientError)
    expect(error).toMatchObject({ message: AI_ERROR_MESSAGES.unavailable, data: { code: 'SERVICE_UNAVAILABLE' } })
    expect(JSON.stringify(error)).not.toContain('DO-NOT-LEAK')
    expect(events.map((event) => event.type)).toEqual(['started'])
    const row = await settledGeneration(ada.user.id)
    expect(row).toMatchObject({ status: 'failed', error: AI_ERROR_MESSAGES.unavailable })
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(before)
    expect(
      await t.db.prisma.creditEntry.count({ where: { userId: ada.user.id, reason: 'refund', reference: row.id } }),
    ).toBe(1)
  })

  it('refunds an answer that sanitises to nothing instead of charging for it', async () => {
    behaviour = (_request, response) =>
      streamWholeAnswer(response, ['<script>alert(1)</script>', '<img src=x onerror=alert(2)>'])
    const before = await balanceOf(t.db.prisma, ada.user.id)
    const { error } = await outcome(ada)
    expect(error).toMatchObject({ message: AI_ERROR_MESSAGES.unavailable, data: { code: 'SERVICE_UNAVAILABLE' } })
    expect(await settledGeneration(ada.user.id)).toMatchObject({ status: 'failed', output: null })
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(before)
  })

  it('refunds a stream that stalls past the timeout', async () => {
    behaviour = (_request, response) => {
      startEventStream(response)
      response.write(chunkLine('<p>Once upon'))
      // ...and nothing more, with the connection left open.
    }
    const before = await balanceOf(t.db.prisma, ada.user.id)
    const { events, error } = await outcome(ada)
    expect(error).toMatchObject({ message: AI_ERROR_MESSAGES.timeout, data: { code: 'GATEWAY_TIMEOUT' } })
    expect(events.map((event) => event.type)).toEqual(['started', 'chunk'])
    expect(await settledGeneration(ada.user.id)).toMatchObject({ status: 'failed', error: AI_ERROR_MESSAGES.timeout })
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(before)
  })

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
