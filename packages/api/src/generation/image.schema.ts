import { z } from 'zod'

import { imageRequest } from '@promptly/core/generation/media'

import { mediaItem } from '../media/media-item.schema.ts'

/** `generation.image`: prompt, quality, n and style (spec section 3, Image request). */
export const imageInput = imageRequest
export type ImageInput = z.input<typeof imageInput>

export const imageOutput = z.object({
  generationId: z.uuid(),
  /** n stored images, in order. */
  images: z.array(mediaItem),
  cost: z.number().int(),
  creditsLeft: z.number().int(),
})
export type ImageOutput = z.infer<typeof imageOutput>
