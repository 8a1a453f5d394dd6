import { AiProviderError } from '@promptly/ai/errors'
import { creditCost } from '@promptly/core/credits/costs'
import { readMp3 } from '@promptly/core/media/mp3'

import { runOneShot, type OneShotCall } from './one-shot-generation.ts'
import type { SpeechInput, SpeechOutput } from './speech.schema.ts'
import { textAsHtml } from './text-as-html.ts'

export type SynthesizeSpeechOptions = OneShotCall<SpeechInput>

/**
 * `generation.speech` and REST `POST /response/speech` (text to audio): the text read in the chosen
 * voice, stored as an MP3, served to the owner at /media/{id} and to anyone holding its share URL
 * (a signed, expiring capability). One credit, refunded when the
 * provider fails or answers with something that is not an MP3 (it would be served as audio/mpeg).
 */
export async function synthesizeSpeech({ ctx, input, signal }: SynthesizeSpeechOptions): Promise<SpeechOutput> {
  const cost = creditCost({ kind: 'speech' })
  // What is spoken is what history keeps.
  const spoken = { input: input.input, voice: input.voice }
  return runOneShot({ ctx, signal }, { kind: 'text_to_audio', cost, input: spoken }, async (sink) => {
    const speech = await ctx.ai.synthesizeSpeech({ ...spoken, ...(signal && { signal }) })
    if (!readMp3(speech.audio)) throw new AiProviderError('unavailable', { details: { providerCode: 'not_mp3' } })
    const audio = await sink.store(speech.audio, 'audio/mpeg')
    return { output: textAsHtml(input.input), model: speech.model, value: { audio } }
  })
}
