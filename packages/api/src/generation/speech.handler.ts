import { AiProviderError } from '@promptly/ai/errors'
import { creditCost } from '@promptly/core/credits/costs'
import { readMp3 } from '@promptly/core/media/mp3'

import type { AuthedContext } from '../context.ts'
import { runOneShot } from './one-shot-generation.ts'
import type { SpeechInput, SpeechOutput } from './speech.schema.ts'
import { textAsHtml } from './text-as-html.ts'

export interface SynthesizeSpeechOptions {
  ctx: AuthedContext
  input: SpeechInput
  signal?: AbortSignal | undefined
}

/**
 * `generation.speech` and REST `POST /response/speech` (text to audio): the text read in the chosen
 * voice, stored as an MP3 and served to the owner at /media/{id}. One credit, refunded when the
 * provider fails or answers with something that is not an MP3 (it would be served as audio/mpeg).
 */
export async function synthesizeSpeech({ ctx, input, signal }: SynthesizeSpeechOptions): Promise<SpeechOutput> {
  const outcome = await runOneShot(
    ctx,
    {
      kind: 'text_to_audio',
      cost: creditCost({ kind: 'speech' }),
      input: { input: input.input, voice: input.voice },
      model: ctx.ai.models.speech,
      signal,
    },
    async (sink) => {
      const speech = await ctx.ai.synthesizeSpeech({
        input: input.input,
        voice: input.voice,
        ...(signal && { signal }),
      })
      if (!readMp3(speech.audio)) throw new AiProviderError('unavailable', { details: { providerCode: 'not_mp3' } })
      const audio = await sink.store(speech.audio, 'audio/mpeg')
      return { output: textAsHtml(input.input), model: speech.model, value: audio }
    },
  )
  return { generationId: outcome.generationId, audio: outcome.value, creditsLeft: outcome.creditsLeft }
}
