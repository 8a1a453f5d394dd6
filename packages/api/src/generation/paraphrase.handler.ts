import { AiProviderError } from '@promptly/ai/errors'
import { creditCost } from '@promptly/core/credits/costs'
import { PARAPHRASE_INSTRUCTION } from '@promptly/core/generation/media'

import { runOneShot, type OneShotCall } from './one-shot-generation.ts'
import type { ParaphraseInput, ParaphraseOutput } from './paraphrase.schema.ts'
import { textAsHtml } from './text-as-html.ts'

export type ParaphraseOptions = OneShotCall<ParaphraseInput>

/**
 * `generation.paraphrase` and REST `POST /response/paraphrase`: the text rewritten by the chat model
 * as plain text. One credit, refunded when the provider fails or answers nothing.
 */
export async function paraphrase({ ctx, input, signal }: ParaphraseOptions): Promise<ParaphraseOutput> {
  const cost = creditCost({ kind: 'paraphrase' })
  return runOneShot({ ctx, signal }, { kind: 'paraphrase', cost, input: { prompt: input.prompt } }, async () => {
    let text = ''
    for await (const piece of ctx.ai.streamText({
      system: PARAPHRASE_INSTRUCTION,
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
