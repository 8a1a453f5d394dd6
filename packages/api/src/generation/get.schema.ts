import { z } from 'zod'

import { IMAGE_QUALITIES } from '@promptly/core/credits/costs'
import { generationValues } from '@promptly/core/generation/form-values'
import { IMAGE_STYLES, SPEECH_VOICES } from '@promptly/core/generation/media-options'

import { mediaItem } from '../media/media-item.schema.ts'
import { generationSummary } from './history.schema.ts'
import { generationId } from './run.schema.ts'

export const getGenerationInput = z.object({ id: generationId })
export type GetGenerationInput = z.infer<typeof getGenerationInput>

/**
 * What a dedicated tool was asked, as stored with the generation: the text (paraphrase), the prompt
 * and its options (images), the text and voice (text to audio). 'Run again' refills the form from it.
 */
export const dedicatedRequest = z.object({
  prompt: z.string(),
  n: z.number().int().optional(),
  quality: z.enum(IMAGE_QUALITIES).optional(),
  style: z.enum(IMAGE_STYLES).optional(),
  voice: z.enum(SPEECH_VOICES).optional(),
})
export type DedicatedRequest = z.infer<typeof dedicatedRequest>

/** One of the caller's generations. NOT_FOUND for anyone else's id, exactly as for an unknown one. */
export const getGenerationOutput = generationSummary.extend({
  /** The `groups` that were sent: re-running the generation sends them again. */
  values: generationValues,
  /** A dedicated tool's request (null for generic tools, transcriptions and unreadable rows). */
  request: dedicatedRequest.nullable(),
  /**
   * Sanitised HTML; null while reserved or when it failed. The dedicated tools store their text the
   * same way (escaped, a paragraph per line): a paraphrase or transcript, an image's prompt and
   * style, the text that was spoken.
   */
  output: z.string().nullable(),
  /** The images or audio it produced, in order (the caller's own only). */
  media: z.array(mediaItem),
  /** Why it failed (user-safe), else null. */
  error: z.string().nullable(),
})
export type GetGenerationOutput = z.infer<typeof getGenerationOutput>
