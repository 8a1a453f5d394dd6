import { z } from 'zod'

import { paraphraseRequest } from '@promptly/core/generation/media'

/** `generation.paraphrase`: the text to rewrite (spec: body `prompt`). */
export const paraphraseInput = paraphraseRequest
export type ParaphraseInput = z.infer<typeof paraphraseInput>

export const paraphraseOutput = z.object({
  generationId: z.uuid(),
  /** Plain text, one line per line of the original. */
  text: z.string(),
  creditsLeft: z.number().int(),
})
export type ParaphraseOutput = z.infer<typeof paraphraseOutput>
