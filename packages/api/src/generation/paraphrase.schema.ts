import type { z } from 'zod'

import { paraphraseRequest } from '@promptly/core/generation/media'

import { voiceId } from '../voices/voice.schema.ts'
import { textGenerationOutput } from './text-output.schema.ts'

/**
 * `generation.paraphrase`: the text to rewrite (spec: body `prompt`), and one of the caller's brand
 * voices whose tone and words the rewrite follows (optional).
 */
export const paraphraseInput = paraphraseRequest.extend({ voiceId: voiceId.nullish() })
export type ParaphraseInput = z.infer<typeof paraphraseInput>

/** Plain text, one line per line of the original. */
export const paraphraseOutput = textGenerationOutput
export type ParaphraseOutput = z.infer<typeof paraphraseOutput>
