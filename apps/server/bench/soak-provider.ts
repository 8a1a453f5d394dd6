import type { ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'

import { renderLocalImages } from '@promptly/ai-local/images/render-image'
import {
  chunkLine,
  sendJson,
  startEventStream,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '@promptly/ai/testing/fake-openai-server'
import { imagePrompt } from '@promptly/core/generation/media'
import { silentMp3 } from '@promptly/core/media/testing/mp3-fixtures'

import { PROVIDER_TIMING } from './soak-settings.ts'

export interface SoakProvider {
  /** Env for a server process: this fake as its OpenAI-compatible server, no retries. */
  env: Record<string, string>
  /** Requests answered so far, by endpoint. */
  calls(): Record<string, number>
  close(): Promise<void>
}

/** What a text answer says, cut into PROVIDER_TIMING.chunks pieces. */
const ANSWER_WORDS = (
  'Spring is here, and so is our biggest sale of the season. For two weeks every plan, pack and ' +
  'add-on costs less, and members get early access from Monday morning. Read on for the highlights, ' +
  'the small print and three ideas to make the most of it before the offer ends on the last Sunday.'
).split(' ')

const imagesRequest = z.object({ n: z.number().int().min(1).default(1) })

/**
 * An OpenAI-compatible server in this process, paced like a real one: a chat answer streams
 * PROVIDER_TIMING.chunks chunks PROVIDER_TIMING.chunkGapMs apart; an image (one 1024x1024 PNG the
 * built-in image model drew once at start, so the server decodes and re-encodes a real picture)
 * comes after imageMs; speech (six seconds of MP3) after speechMs. A caller that goes away stops its
 * stream. The fake keeps no request bodies: over half an hour they would grow this process.
 */
export async function startSoakProvider(): Promise<SoakProvider> {
  const [picture] = await renderLocalImages({
    prompt: imagePrompt('A lighthouse on a cliff at dawn', 'Photo'),
    n: 1,
    size: '1024x1024',
    detail: 'standard',
  })
  if (!picture) throw new Error('the image model drew nothing')
  const pictureBase64 = picture.png.toString('base64')
  const speech = Buffer.from(silentMp3(6))
  const calls: Record<string, number> = {}
  const holder: { server?: FakeOpenAiServer } = {}
  const server = await startFakeOpenAiServer(async (request, response) => {
    holder.server?.requests.splice(0)
    calls[request.path] = (calls[request.path] ?? 0) + 1
    switch (request.path) {
      case '/v1/chat/completions':
        return streamPaced(response)
      case '/v1/images/generations': {
        const { n } = imagesRequest.parse(JSON.parse(request.body.toString('utf8')))
        await sleep(PROVIDER_TIMING.imageMs)
        return sendJson(response, 200, {
          created: 0,
          data: Array.from({ length: n }, () => ({ b64_json: pictureBase64 })),
        })
      }
      case '/v1/audio/speech':
        await sleep(PROVIDER_TIMING.speechMs)
        response.writeHead(200, { 'content-type': 'audio/mpeg' })
        return void response.end(speech)
      default:
        return sendJson(response, 404, { error: { message: 'no such endpoint' } })
    }
  })
  holder.server = server
  return {
    env: {
      OPENAI_BASE_URL: server.baseUrl,
      OPENAI_API_KEY: 'sk-test-soak',
      OPENAI_MAX_RETRIES: '0',
    },
    calls: () => ({ ...calls }),
    close: () => server.close(),
  }
}

async function streamPaced(response: ServerResponse): Promise<void> {
  const { chunks, chunkGapMs } = PROVIDER_TIMING
  const cut = (index: number) => Math.floor((index * ANSWER_WORDS.length) / chunks)
  startEventStream(response)
  for (let index = 0; index < chunks; index += 1) {
    if (response.destroyed) return
    const words = ANSWER_WORDS.slice(cut(index), cut(index + 1)).join(' ')
    const piece = index === 0 ? `<p>${words} ` : index === chunks - 1 ? `${words}</p>` : `${words} `
    response.write(chunkLine(piece))
    await sleep(chunkGapMs)
  }
  if (response.destroyed) return
  response.write(chunkLine('', 'stop'))
  response.end('data: [DONE]\n\n')
}
