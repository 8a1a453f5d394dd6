import type { ServerResponse } from 'node:http'

import {
  sendJson,
  startFakeOpenAiServer,
  streamWholeAnswer,
  type FakeOpenAiServer,
  type SeenRequest,
} from '@promptly/ai/testing/fake-openai-server'
import { silentMp3 } from '@promptly/core/media/testing/mp3-fixtures'

/** A 1x1 PNG, as image models send them (base64). */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

/** What the fake answers; a test changes it per case and `reset()` restores it. */
export interface FakeMediaBehaviour {
  paraphrase: string[]
  /**
   * 'base64' (OpenAI's b64_json), 'url' (a link on this same fake server), 'second-broken' (every
   * second image is bytes that are not an image), or a failure status.
   */
  images: 'base64' | 'url' | 'second-broken' | number
  /** The MP3 to send, a failure status, or 'hang' (never answers: the caller gives up first). */
  speech: Uint8Array | number | 'hang'
  transcription: string | number
}

export interface FakeMediaAi {
  server: FakeOpenAiServer
  behaviour: FakeMediaBehaviour
  /** Default behaviour, and forgets the requests seen. */
  reset(): void
  /** Env for createTestApp: this fake as the OpenAI-compatible server, no retries, no rate limit in the way. */
  env: Record<string, string>
  /** How many requests reached this endpoint since the last reset. */
  calls(path: string): number
}

const defaults = (): FakeMediaBehaviour => ({
  paraphrase: ['Our bakery ', 'bakes bread daily.\n', 'Fresh every morning.'],
  images: 'base64',
  speech: silentMp3(1),
  transcription: 'Hello from the recording.',
})

/**
 * An OpenAI-compatible server answering the four dedicated tools with valid shapes: streamed chat
 * text, images as b64_json (or as URLs it also serves), an MP3 of silence, and `{ text }`. Stands
 * in for a real provider until the local engines answer these.
 */
export async function startFakeMediaAi(): Promise<FakeMediaAi> {
  const state = { behaviour: defaults(), images: 0 }
  const server = await startFakeOpenAiServer((request, response) => answer(request, response, state, server.baseUrl))
  return {
    server,
    get behaviour() {
      return state.behaviour
    },
    reset() {
      state.behaviour = defaults()
      state.images = 0
      server.requests.length = 0
    },
    env: {
      OPENAI_BASE_URL: server.baseUrl,
      OPENAI_API_KEY: 'sk-test-fake',
      OPENAI_MAX_RETRIES: '0',
      OPENAI_TIMEOUT_MS: '10000',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    calls: (path) => server.requests.filter((request) => request.path === `/v1${path}`).length,
  }
}

function answer(
  request: SeenRequest,
  response: ServerResponse,
  state: { behaviour: FakeMediaBehaviour; images: number },
  baseUrl: string,
): void {
  const { behaviour } = state
  switch (request.path) {
    case '/v1/chat/completions':
      return streamWholeAnswer(response, behaviour.paraphrase)
    case '/v1/images/generations': {
      if (typeof behaviour.images === 'number')
        return sendJson(response, behaviour.images, { error: { message: 'image model down' } })
      const { n = 1 } = JSON.parse(request.body.toString('utf8')) as { n?: number }
      const kind = behaviour.images
      const image = () => {
        state.images += 1
        if (kind === 'url') return { url: `${baseUrl}/files/image.png` }
        const broken = kind === 'second-broken' && state.images % 2 === 0
        return { b64_json: broken ? Buffer.from('definitely not a picture').toString('base64') : TINY_PNG_BASE64 }
      }
      return sendJson(response, 200, { created: 0, data: Array.from({ length: n }, image) })
    }
    case '/v1/files/image.png':
      response.writeHead(200, { 'content-type': 'image/png' })
      return void response.end(Buffer.from(TINY_PNG_BASE64, 'base64'))
    case '/v1/audio/speech':
      if (behaviour.speech === 'hang') return
      if (typeof behaviour.speech === 'number')
        return sendJson(response, behaviour.speech, { error: { message: 'voice down' } })
      response.writeHead(200, { 'content-type': 'audio/mpeg' })
      return void response.end(Buffer.from(behaviour.speech))
    case '/v1/audio/transcriptions':
      if (typeof behaviour.transcription === 'number')
        return sendJson(response, behaviour.transcription, { error: { message: 'ears down' } })
      return sendJson(response, 200, { text: behaviour.transcription })
    default:
      return sendJson(response, 404, { error: { message: 'no such endpoint' } })
  }
}
