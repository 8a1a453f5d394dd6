import { toFile } from 'openai'

import { AiProviderError } from './errors.ts'
import { callOpenAi, type OpenAiContext } from './openai-call.ts'
import type { TranscriptionRequest, TranscriptionResult } from './provider.ts'

/** A transcription may take this many times the configured timeout. */
const TRANSCRIPTION_TIMEOUT_FACTOR = 4

/** An uploaded recording to its text. */
export function transcribeWithOpenAi(ctx: OpenAiContext, request: TranscriptionRequest): Promise<TranscriptionResult> {
  return callOpenAi(ctx, 'transcription', request.signal, async (client, signal) => {
    const { transcription: model } = ctx.models
    const file = await toFile(request.audio, request.fileName, { type: request.contentType ?? 'audio/mpeg' })
    // Recognition takes time in proportion to the audio (the local recogniser: about a quarter of
    // its length, so up to 2.5 minutes for the 10 allowed), not a fixed answer time.
    const timeout = ctx.timeoutMs * TRANSCRIPTION_TIMEOUT_FACTOR
    const transcription = await client.audio.transcriptions.create({ file, model }, { signal, timeout })
    if (typeof transcription.text !== 'string')
      throw new AiProviderError('unavailable', { details: { providerCode: 'malformed_answer' } })
    return { text: transcription.text, model }
  })
}
