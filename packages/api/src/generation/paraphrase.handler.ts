import { AiProviderError } from '@promptly/ai/errors'
import { creditCost } from '@promptly/core/credits/costs'
import { PARAPHRASE_INSTRUCTION } from '@promptly/core/generation/media'
import { voiceSection } from '@promptly/core/generation/prompt-sections'

import { voiceForRun } from '../voices/voice-for-run.ts'
import { runOneShot, type OneShotCall } from './one-shot-generation.ts'
import type { ParaphraseInput, ParaphraseOutput } from './paraphrase.schema.ts'
import { textAsHtml } from './text-as-html.ts'

export type ParaphraseOptions = OneShotCall<ParaphraseInput>

/**
 * `generation.paraphrase` and REST `POST /response/paraphrase`: the text rewritten by the chat model
 * as plain text, in the caller's brand voice when one is named (its tone and words, in the system
 * message's fenced voice section). One credit, refunded when the provider fails or answers nothing.
 * NOT_FOUND for a voice that is not the caller's, before anything is reserved.
 */
export async function paraphrase({ ctx, input, signal }: ParaphraseOptions): Promise<ParaphraseOutput> {
  const cost = creditCost({ kind: 'paraphrase' })
  const voice = await voiceForRun(ctx, input.voiceId)
  const system = voice ? `${PARAPHRASE_INSTRUCTION}\n\n${voiceSection(voice)}` : PARAPHRASE_INSTRUCTION
  const request = { kind: 'paraphrase' as const, cost, input: { prompt: input.prompt }, voice }
  return runOneShot({ ctx, signal }, request, async () => {
    let text = ''
    for await (const piece of ctx.ai.streamText({
      system,
      prompt: input.prompt,
      ...(signal && { signal }),
    })) {
      text += piece
    }
    const output = textAsHtml(text)
    // Nothing worth a credit (an empty or whitespace-only answer).
    if (output === '') throw new AiProviderError('unavailable', { details: { providerCode: 'empty_answer' } })
    return { output, value: { text: text.trim() } }
  })
}
