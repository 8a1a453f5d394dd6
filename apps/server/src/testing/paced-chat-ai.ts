import { setTimeout as sleep } from 'node:timers/promises'

import {
  sendJson,
  startFakeOpenAiServer,
  streamWholeAnswer,
  type FakeOpenAiServer,
} from '@promptly/ai/testing/fake-openai-server'

export interface PacedChatAi {
  server: FakeOpenAiServer
  /** Env for a server process: this fake as its OpenAI-compatible server, no retries of the SDK's own. */
  env: Record<string, string>
  /** When each chat request arrived (Date.now()), in order. */
  arrivals(): readonly number[]
  /** Chat requests being answered now, and the most there ever were at once. */
  inFlight(): number
  maxInFlight(): number
  close(): Promise<void>
}

const ANSWER = ['<p>Handmade in small batches, ', 'shipped within two days.</p>']

/**
 * An OpenAI-compatible server that answers every chat request after `latencyMs`, as a provider under
 * steady load does, and keeps the time each request arrived: what a test of a provider-wide rate limit
 * counts, from the provider's side, whatever instance sent the request.
 */
export async function startPacedChatAi(latencyMs: number): Promise<PacedChatAi> {
  const arrivals: number[] = []
  let inFlight = 0
  let maxInFlight = 0
  const server = await startFakeOpenAiServer(async (request, response) => {
    // Only the arrivals are kept: a run of thousands of rows need not hold every request body.
    server.requests.length = 0
    if (request.path !== '/v1/chat/completions') {
      return sendJson(response, 404, { error: { message: 'no such endpoint' } })
    }
    arrivals.push(Date.now())
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    try {
      await sleep(latencyMs)
      if (!response.destroyed) streamWholeAnswer(response, ANSWER)
    } finally {
      inFlight -= 1
    }
  })
  return {
    server,
    env: { OPENAI_BASE_URL: server.baseUrl, OPENAI_API_KEY: 'sk-test-paced-chat', OPENAI_MAX_RETRIES: '0' },
    arrivals: () => arrivals,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    close: () => server.close(),
  }
}
