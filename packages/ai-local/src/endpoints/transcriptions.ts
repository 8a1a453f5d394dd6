import type { IncomingMessage } from 'node:http'
import { z } from 'zod'

import { LOCAL_TRANSCRIPTION_INSTALL_HINT } from '@promptly/ai/errors'
import { MEDIA_LIMITS } from '@promptly/core/generation/media-options'

import { abortedWhenClientLeaves } from '../client-abort.ts'
import { sendError, sendInvalidRequest, sendJson, type EndpointHandler } from '../http.ts'
import {
  RecognizerFailedError,
  RecognizerUnavailableError,
  transcribeLocally,
  UnreadableAudioError,
} from '../transcription/local-transcriber.ts'

/**
 * `POST /v1/audio/transcriptions`: OpenAI's multipart upload (`file`, `model`, optional
 * `response_format` json or text) in, `{ text }` or plain text out, heard by pocketsphinx
 * (src/transcription/). `language`, `prompt` and `temperature` are accepted and ignored.
 */

/** The file's own limit (OpenAI's 25 MB) plus room for the multipart envelope and other fields. */
const MAX_BODY_BYTES = MEDIA_LIMITS.transcriptionBytes + 64 * 1024
const RESPONSE_FORMATS = ['json', 'text'] as const

const transcriptionForm = z.object({
  file: z.instanceof(File, { error: 'file is required' }),
  model: z.string({ error: 'model is required' }).min(1, { error: 'model is required' }),
  response_format: z
    .enum(RESPONSE_FORMATS, { error: `response_format must be ${RESPONSE_FORMATS.join(' or ')} with the local model` })
    .default('json'),
})

export const handleTranscription: EndpointHandler = async (request, response) => {
  const contentType = request.headers['content-type'] ?? ''
  if (!/^multipart\/form-data\b/iu.test(contentType)) {
    return afterTheRest(request, () =>
      sendError(response, 400, 'invalid_request_error', 'The request must be multipart/form-data.'),
    )
  }
  const tooLarge = () =>
    sendError(
      response,
      413,
      'invalid_request_error',
      `The upload is larger than ${MEDIA_LIMITS.transcriptionBytes / 1024 / 1024} MB.`,
    )
  if (Number(request.headers['content-length']) > MAX_BODY_BYTES) return afterTheRest(request, tooLarge)
  const body = await readBodyUpTo(request, MAX_BODY_BYTES)
  if (!body) return afterTheRest(request, tooLarge)

  const fields = await formFields(body, contentType)
  if (!fields) return sendError(response, 400, 'invalid_request_error', 'The multipart body could not be read.')
  const parsed = transcriptionForm.safeParse(fields)
  if (!parsed.success) {
    return sendInvalidRequest(response, parsed.error, 'The form is not a valid transcription request.')
  }
  const { file, response_format: responseFormat } = parsed.data
  if (file.size > MEDIA_LIMITS.transcriptionBytes) return tooLarge()

  const clientLeft = abortedWhenClientLeaves(response)
  try {
    const { text } = await transcribeLocally({
      audio: new Uint8Array(await file.arrayBuffer()),
      signal: clientLeft.signal,
    })
    if (responseFormat === 'text') {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
      response.end(text)
    } else sendJson(response, 200, { text })
  } catch (error) {
    if (clientLeft.signal.aborted) return // the recogniser was stopped; nobody is listening
    if (error instanceof UnreadableAudioError) {
      return sendError(
        response,
        400,
        'local_audio_unreadable',
        'The file is not MP3 or WAVE audio that could be decoded.',
      )
    }
    if (error instanceof RecognizerUnavailableError) {
      return sendError(
        response,
        501,
        'local_transcription_unavailable',
        `${LOCAL_TRANSCRIPTION_INSTALL_HINT} (missing: ${error.missing.join(', ')})`,
      )
    }
    if (error instanceof RecognizerFailedError) console.error(`Local transcription failed: ${error.message}`)
    throw error // the server answers 500
  } finally {
    clientLeft.release()
  }
}

/**
 * Runs `answer` once the rest of the request has been read and dropped. Answering mid-upload let
 * the connection close under a client still writing (seen on a busy machine): it then saw a reset
 * instead of the answer. The server only listens on loopback, for the API server, which refuses
 * oversized uploads itself, so reading the rest costs little.
 */
function afterTheRest(request: IncomingMessage, answer: () => void): void {
  if (request.readableEnded) return answer()
  request.once('end', answer)
  request.resume()
}

/**
 * The body, or null as soon as it passes `maxBytes`. Unlike a `for await` loop, it does not destroy
 * the request when it stops collecting: the rest is read and dropped, so the 413 reaches the client.
 */
function readBodyUpTo(request: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (tooLarge) return
      if (size <= maxBytes) chunks.push(chunk)
      else {
        tooLarge = true
        chunks.length = 0
        resolve(null)
      }
    })
    request.once('end', () => resolve(tooLarge ? null : Buffer.concat(chunks)))
    request.once('error', reject)
  })
}

type FormValue = NonNullable<ReturnType<FormData['get']>>

/** The form's fields, parsed by the web platform's own multipart reader, or null when it is malformed. */
async function formFields(body: Buffer, contentType: string): Promise<Record<string, FormValue | undefined> | null> {
  try {
    const form = await new Request('http://local.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    }).formData()
    return {
      file: form.get('file') ?? undefined,
      model: form.get('model') ?? undefined,
      response_format: form.get('response_format') ?? undefined,
    }
  } catch {
    return null
  }
}
