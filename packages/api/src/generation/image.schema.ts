import { z } from 'zod'

import { imageRequest } from '@promptly/core/generation/media'

import { sharedMediaItem } from '../media/media-item.schema.ts'
import { voiceId } from '../voices/voice.schema.ts'

/**
 * `generation.image`: prompt, quality, n and style (spec section 3, Image request), and one of the
 * caller's brand voices whose tone and words to use are added as style words (optional).
 */
export const imageInput = imageRequest.extend({ voiceId: voiceId.nullish() })
export type ImageInput = z.input<typeof imageInput>
/** The input as parsed, the defaults (quality, n, style) filled in. */
export type ParsedImageInput = z.output<typeof imageInput>

export const imageOutput = z.object({
  generationId: z.uuid(),
  /** n stored images, in order, each with its capability URL. */
  images: z.array(sharedMediaItem),
  cost: z.number().int(),
  creditsLeft: z.number().int(),
})
export type ImageOutput = z.infer<typeof imageOutput>
