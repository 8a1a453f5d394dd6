import type { ServerResponse } from 'node:http'
import { z } from 'zod'

import {
  chunkLine,
  sendJson,
  startEventStream,
  startFakeOpenAiServer,
  streamWholeAnswer,
  type FakeOpenAiServer,
} from '@promptly/ai/testing/fake-openai-server'

import { TINY_PNG_BASE64 } from './fake-media-ai.ts'

/** A chat answer the fake has started and holds open until the test lets it go. */
export interface HeldAnswer {
  /** Ends the stream with a complete answer (harmless once the caller is gone). */
  release(): void
  /** Resolves when the caller's connection closed (its process died, or it gave up). */
  closed: Promise<boolean>
}

export interface HeldChatAi {
  server: FakeOpenAiServer
  /** Env for a server process: this fake as its OpenAI-compatible server, no retries. */
  env: Record<string, string>
  /**
   * Holds the next chat request whose prompt contains `marker`: it gets one chunk, then nothing
   * until release(). Resolves once that request has arrived (the caller's credits are reserved by then).
   */
  holdNext(marker: string): Promise<HeldAnswer>
  /** Chat requests answered so far. */
  chats(): number
}

const ANSWER = ['<p>Fresh bread, ', 'baked every morning.</p>']

/**
 * An OpenAI-compatible server for real server processes: every chat answer streams at once, except
 * the ones a test holds by a marker in its prompt, which stay open until the test says (a gate, not
 * a delay: the test waits for the state it needs, then acts, e.g. kills the process mid-generation).
 * Image requests get 1x1 PNGs at once.
 */
export async function startHeldChatAi(): Promise<HeldChatAi> {
  const holds = new Map<string, (answer: HeldAnswer) => void>()
  let chats = 0
  const server = await startFakeOpenAiServer((request, response) => {
    if (request.path === '/v1/images/generations') return sendImages(response, request.body)
    if (request.path !== '/v1/chat/completions')
      return sendJson(response, 404, { error: { message: 'no such endpoint' } })
    chats += 1
    const body = request.body.toString('utf8')
    const marker = [...holds.keys()].find((candidate) => body.includes(candidate))
    const held = marker === undefined ? undefined : holds.get(marker)
    if (marker === undefined || !held) return streamWholeAnswer(response, ANSWER)
    holds.delete(marker)
    held({ release: () => finish(response), closed: request.closed })
    startEventStream(response)
    response.write(chunkLine(ANSWER[0] ?? ''))
  })
  return {
    server,
    env: {
      OPENAI_BASE_URL: server.baseUrl,
      OPENAI_API_KEY: 'sk-test-held-chat',
      OPENAI_MAX_RETRIES: '0',
    },
    holdNext: (marker) => new Promise((resolve) => holds.set(marker, resolve)),
    chats: () => chats,
  }
}

const imagesRequest = z.object({ n: z.number().int().min(1).default(1) })

/** As many 1x1 PNGs as asked for, as OpenAI's b64_json. */
function sendImages(response: ServerResponse, body: Buffer): void {
  const { n } = imagesRequest.parse(JSON.parse(body.toString('utf8')))
  sendJson(response, 200, { created: 0, data: Array.from({ length: n }, () => ({ b64_json: TINY_PNG_BASE64 })) })
}

function finish(response: ServerResponse): void {
  if (response.writableEnded || response.destroyed) return
  for (const piece of ANSWER.slice(1)) response.write(chunkLine(piece))
  response.write(chunkLine('', 'stop'))
  response.end('data: [DONE]\n\n')
}
