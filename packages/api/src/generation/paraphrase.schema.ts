import type { z } from 'zod'

import { paraphraseRequest } from '@promptly/core/generation/media'

import { textGenerationOutput } from './text-output.schema.ts'

/** `generation.paraphrase`: the text to rewrite (spec: body `prompt`). */
export const paraphraseInput = paraphraseRequest
export type ParaphraseInput = z.infer<typeof paraphraseInput>

/** Plain text, one line per line of the original. */
export const paraphraseOutput = textGenerationOutput
export type ParaphraseOutput = z.infer<typeof paraphraseOutput>
