import { AiProviderError } from '@promptly/ai/errors'
import { creditCost } from '@promptly/core/credits/costs'
import { imagePrompt, type ImageRequest } from '@promptly/core/generation/media'

import type { SharedMediaItem } from '../media/media-item.schema.ts'
import type { ImageOutput } from './image.schema.ts'
import { runOneShot, type OneShotCall } from './one-shot-generation.ts'
import { providerImageAsJpeg } from './provider-image-jpeg.ts'
import { textAsHtml } from './text-as-html.ts'

/** The input as parsed by imageInput, so the defaults (quality, n, style) are filled in. */
export type GenerateImagesOptions = OneShotCall<ImageRequest>

/**
 * `generation.image` and REST `POST /response/image`: n images for the prompt and style, each
 * stored as a JPEG (the screen saves them as image.jpg), served to the owner at /media/{id} and to
 * anyone holding its share URL (a signed, expiring capability).
 * Costs n x (hd 2, standard 1) credits, all refunded (and anything stored deleted) if any image
 * fails: the user asked for n, a partial answer is not what was paid for.
 */
export async function generateImages({ ctx, input, signal }: GenerateImagesOptions): Promise<ImageOutput> {
  const cost = creditCost({ kind: 'image', n: input.n, quality: input.quality })
  const asked = { prompt: input.prompt, n: input.n, quality: input.quality, style: input.style }
  return runOneShot({ ctx, signal }, { kind: 'image', cost, input: asked }, async (sink) => {
    const result = await ctx.ai.generateImages({
      prompt: imagePrompt(input.prompt, input.style),
      n: input.n,
      quality: input.quality,
      ...(signal && { signal }),
    })
    if (result.images.length < input.n)
      throw new AiProviderError('unavailable', { details: { providerCode: 'too_few_images' } })
    const images: SharedMediaItem[] = []
    // One at a time: a 2-core machine gains nothing from parallel encodes, and memory stays flat.
    for (const image of result.images.slice(0, input.n)) {
      images.push(await sink.store(await providerImageAsJpeg(image, signal), 'image/jpeg'))
    }
    return {
      output: textAsHtml(`${input.prompt}\nStyle: ${input.style}`),
      model: result.model,
      value: { images, cost },
    }
  })
}
