import { AiProviderError } from '@promptly/ai/errors'
import { creditCost } from '@promptly/core/credits/costs'
import { PARAPHRASE_INSTRUCTION } from '@promptly/core/generation/media'

import type { AuthedContext } from '../context.ts'
import { runOneShot } from './one-shot-generation.ts'
import type { ParaphraseInput, ParaphraseOutput } from './paraphrase.schema.ts'
import { textAsHtml } from './text-as-html.ts'

export interface ParaphraseOptions {
  ctx: AuthedContext
  input: ParaphraseInput
  /** Aborted when the caller goes away: the provider call stops and the credit is refunded. */
  signal?: AbortSignal | undefined
}

/**
 * `generation.paraphrase` and REST `POST /response/paraphrase`: the text rewritten by the chat model
 * as plain text. One credit, refunded when the provider fails or answers nothing.
 */
export async function paraphrase({ ctx, input, signal }: ParaphraseOptions): Promise<ParaphraseOutput> {
  const outcome = await runOneShot(
    ctx,
    {
      kind: 'paraphrase',
      cost: creditCost({ kind: 'paraphrase' }),
      input: { prompt: input.prompt },
      model: ctx.ai.models.chat,
      signal,
    },
    async () => {
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
      return { output, value: text.trim() }
    },
  )
  return { generationId: outcome.generationId, text: outcome.value, creditsLeft: outcome.creditsLeft }
}
