import { z } from 'zod'

import { MEDIA_LIMITS, SPEECH_VOICES } from '@promptly/core/generation/media-options'

import { abortedWhenClientLeaves } from '../client-abort.ts'
import { NOT_A_JSON_OBJECT, readJsonBody, type EndpointHandler } from '../http.ts'
import { SPEECH_FORMATS, synthesizeLocalSpeech } from '../speech/speech-synthesizer.ts'
import { MAX_SPEECH_SPEED, MIN_SPEECH_SPEED } from '../speech/voices.ts'

/**
 * `POST /v1/audio/speech`, OpenAI's request body in, MP3 bytes out (or WAVE when asked), spoken
 * by flite (src/speech/). OpenAI's other fields (`instructions`, `stream_format`) are accepted and
 * ignored; formats other than mp3 and wav are refused with a 400.
 */

const speechBody = z.object(
  {
    model: z.string({ error: 'model is required' }).min(1, { error: 'model is required' }),
    input: z
      .string({ error: 'input must be text' })
      .max(MEDIA_LIMITS.speechChars, { error: `input is longer than ${MEDIA_LIMITS.speechChars} characters` })
      .refine((input) => input.trim() !== '', { error: 'input is empty' }),
    voice: z.enum(SPEECH_VOICES, { error: `voice must be one of ${SPEECH_VOICES.join(', ')}` }),
    response_format: z
      .enum(SPEECH_FORMATS, { error: `response_format must be ${SPEECH_FORMATS.join(' or ')} with the local model` })
      .default('mp3'),
    speed: z
      .number({ error: 'speed must be a number' })
      .min(MIN_SPEECH_SPEED, { error: `speed must be at least ${MIN_SPEECH_SPEED}` })
      .max(MAX_SPEECH_SPEED, { error: `speed must be at most ${MAX_SPEECH_SPEED}` })
      .optional(),
  },
  NOT_A_JSON_OBJECT,
)

export const handleSpeech: EndpointHandler = async (request, response) => {
  const body = await readJsonBody(request, response, speechBody, 'The request body is not a valid speech request.')
  if (!body) return
  const clientLeft = abortedWhenClientLeaves(response)
  try {
    const speech = await synthesizeLocalSpeech({
      text: body.input,
      voice: body.voice,
      speed: body.speed,
      format: body.response_format,
      signal: clientLeft.signal,
    })
    response.writeHead(200, { 'content-type': speech.contentType, 'content-length': String(speech.audio.byteLength) })
    response.end(speech.audio)
  } catch (error) {
    if (clientLeft.signal.aborted) return // nobody is listening any more
    throw error // the server answers 500
  } finally {
    clientLeft.release()
  }
}
