import { callOpenAi, type OpenAiContext } from './openai-call.ts'
import type { SpeechRequest, SpeechResult } from './provider.ts'

/** Text to MP3 in one of the voices. */
export function synthesizeOpenAiSpeech(ctx: OpenAiContext, request: SpeechRequest): Promise<SpeechResult> {
  return callOpenAi(ctx, 'speech', request.signal, async (client, signal) => {
    const { speech } = ctx.models
    const response = await client.audio.speech.create(
      { model: speech, voice: request.voice, input: request.input, response_format: 'mp3' },
      { signal },
    )
    return { audio: new Uint8Array(await response.arrayBuffer()), contentType: 'audio/mpeg', model: speech }
  })
}
