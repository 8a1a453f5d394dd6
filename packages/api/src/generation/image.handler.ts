import sharp from 'sharp'

import { AiProviderError } from '@promptly/ai/errors'
import type { GeneratedImage } from '@promptly/ai/provider'
import { creditCost } from '@promptly/core/credits/costs'
import { imagePrompt, type ImageRequest } from '@promptly/core/generation/media'

import type { SharedMediaItem } from '../media/media-item.schema.ts'
import { fetchProviderImage } from './fetch-provider-image.ts'
import type { ImageOutput } from './image.schema.ts'
import { runOneShot, type OneShotCall } from './one-shot-generation.ts'
import { textAsHtml } from './text-as-html.ts'

/** The input as parsed by imageInput, so the defaults (quality, n, style) are filled in. */
export type GenerateImagesOptions = OneShotCall<ImageRequest>

/** Refuses decompression bombs: far above any image model's output (1792x1024, 4096x4096 at most). */
const MAX_INPUT_PIXELS = 64 * 1024 * 1024
const JPEG_QUALITY = 90

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
      images.push(await sink.store(await toJpeg(await imageBytes(image, signal)), 'image/jpeg'))
    }
    return {
      output: textAsHtml(`${input.prompt}\nStyle: ${input.style}`),
      model: result.model,
      value: { images, cost },
    }
  })
}

async function imageBytes(image: GeneratedImage, signal: AbortSignal | undefined): Promise<Uint8Array> {
  if (image.base64) return Buffer.from(image.base64, 'base64')
  if (image.url) return fetchProviderImage(image.url, signal)
  throw new AiProviderError('unavailable', { details: { providerCode: 'empty_image' } })
}

/**
 * Re-encodes whatever the provider sent (PNG, WebP, JPEG) as a JPEG: what the download promises, and
 * a decode that fails here means the bytes were not an image, so nothing unknown is ever stored.
 * Transparency is flattened onto white (JPEG has none); metadata is dropped.
 */
async function toJpeg(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer()
  } catch {
    throw new AiProviderError('unavailable', { details: { providerCode: 'bad_image' } })
  }
}
