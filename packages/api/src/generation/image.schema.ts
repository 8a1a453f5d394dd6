import { z } from 'zod'

import { imageRequest } from '@promptly/core/generation/media'

import { sharedMediaItem } from '../media/media-item.schema.ts'

/** `generation.image`: prompt, quality, n and style (spec section 3, Image request). */
export const imageInput = imageRequest
export type ImageInput = z.input<typeof imageInput>

export const imageOutput = z.object({
  generationId: z.uuid(),
  /** n stored images, in order, each with its capability URL. */
  images: z.array(sharedMediaItem),
  cost: z.number().int(),
  creditsLeft: z.number().int(),
})
export type ImageOutput = z.infer<typeof imageOutput>
