import type { ServerResponse } from 'node:http'

import {
  chunkLine,
  sendJson,
  startEventStream,
  streamWholeAnswer,
  type SeenRequest,
} from '@promptly/ai/testing/fake-openai-server'
import { silentMp3 } from '@promptly/core/media/testing/mp3-fixtures'

import { TINY_PNG_BASE64 } from './fake-media-ai.ts'

/**
 * What an OpenAI-compatible server can do wrong, as the server's own SDK client sees it: error
 * statuses, no answer at all, a connection cut halfway, and bodies that are not what was asked for.
 */
export const PROVIDER_FAULTS = [
  'status 500',
  'status 429',
  'hangs past the timeout',
  'cuts the connection mid-answer',
  'answers non-JSON',
  'answers the wrong shape',
  'streams junk events',
] as const
export type ProviderFault = (typeof PROVIDER_FAULTS)[number]

/** The provider's own error text: it must never reach a user. */
export const PROVIDER_SECRET_TEXT = 'upstream exploded near key sk-live-DO-NOT-LEAK'

/** The healthy answers the faults stand in for: one paragraph of text, a tiny PNG, a second of silent MP3. */
export const HEALTHY_TEXT = '<p>Fresh bread daily.</p>'

/** The app's env for a real SDK client on the fake server: no retries (each fault is seen once), no rate limit. */
export function faultyProviderEnv(baseUrl: string, timeoutMs: number): Record<string, string> {
  return {
    OPENAI_BASE_URL: baseUrl,
    OPENAI_API_KEY: 'sk-test-fake',
    OPENAI_TIMEOUT_MS: String(timeoutMs),
    OPENAI_MAX_RETRIES: '0',
    RATE_LIMIT_PER_MINUTE: '100000',
  }
}

/**
 * Answers one request to the fake server: healthily when `fault` is null, else with the fault,
 * shaped for the endpoint asked (a stream for chat, JSON for images, bytes for speech).
 */
export function answerWithFault(request: SeenRequest, response: ServerResponse, fault: ProviderFault | null): void {
  const endpoint = endpointOf(request.path)
  if (fault === null) return healthy(endpoint, response)
  switch (fault) {
    case 'status 500':
      return sendJson(response, 500, { error: { message: PROVIDER_SECRET_TEXT, type: 'server_error' } })
    case 'status 429':
      return sendJson(response, 429, { error: { message: PROVIDER_SECRET_TEXT, type: 'rate_limit' } })
    case 'hangs past the timeout':
      // No headers, no body: the connection stays open until the client gives up (or the fake closes).
      return
    case 'cuts the connection mid-answer':
      return cutMidAnswer(endpoint, response)
    case 'answers non-JSON':
      response.writeHead(200, { 'content-type': 'application/json' })
      return void response.end(`<html><body>502 Bad Gateway ${PROVIDER_SECRET_TEXT}</body></html>`)
    case 'answers the wrong shape':
      return wrongShape(endpoint, response)
    case 'streams junk events':
      startEventStream(response)
      response.write('data: {"choices": [{"delta": {"content": "<p>Once"\n\n')
      response.write(`data: ${PROVIDER_SECRET_TEXT}\n\n`)
      return void response.end('event: error\ndata: ][\n\n')
  }
}

type Endpoint = 'chat' | 'images' | 'speech'

function endpointOf(path: string): Endpoint {
  if (path.startsWith('/v1/chat/')) return 'chat'
  if (path.startsWith('/v1/images/')) return 'images'
  if (path.startsWith('/v1/audio/speech')) return 'speech'
  throw new Error(`The fault server has no answer for ${path}`)
}

function healthy(endpoint: Endpoint, response: ServerResponse): void {
  if (endpoint === 'chat') return streamWholeAnswer(response, ['<p>Fresh bread ', 'daily.</p>'])
  if (endpoint === 'images') return sendJson(response, 200, { created: 0, data: [{ b64_json: TINY_PNG_BASE64 }] })
  response.writeHead(200, { 'content-type': 'audio/mpeg' })
  response.end(Buffer.from(silentMp3(1)))
}

/** Headers and part of the body, then the socket is destroyed, as a crashing upstream or proxy does. */
function cutMidAnswer(endpoint: Endpoint, response: ServerResponse): void {
  // Destroyed once the written part has been handed to the socket: the client has the headers and
  // half a body, then the connection ends without the rest.
  const cut = () => response.destroy()
  if (endpoint === 'chat') {
    startEventStream(response)
    response.write(chunkLine('<p>Once upon'), cut)
  } else {
    const whole =
      endpoint === 'images'
        ? Buffer.from(JSON.stringify({ created: 0, data: [{ b64_json: TINY_PNG_BASE64 }] }))
        : Buffer.from(silentMp3(1))
    const contentType = endpoint === 'images' ? 'application/json' : 'audio/mpeg'
    response.writeHead(200, { 'content-type': contentType, 'content-length': String(whole.length) })
    response.write(whole.subarray(0, Math.floor(whole.length / 2)), cut)
  }
}

/** Well-formed JSON (or SSE) that is not the answer the endpoint promises. */
function wrongShape(endpoint: Endpoint, response: ServerResponse): void {
  if (endpoint === 'chat') {
    startEventStream(response)
    response.write(`data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: 'none' })}\n\n`)
    response.write(`data: ${JSON.stringify({ unexpected: true })}\n\n`)
    return void response.end('data: [DONE]\n\n')
  }
  // An image whose data is a number, and speech answered with JSON instead of audio.
  if (endpoint === 'images') return sendJson(response, 200, { created: 0, data: [{ b64_json: 42, url: 7 }] })
  sendJson(response, 200, { audio: 'here it would be', format: 'mp3' })
}
