import { AiProviderError } from '@promptly/ai/errors'
import type { GeneratedImage } from '@promptly/ai/provider'

import { fetchProviderImage } from './fetch-provider-image.ts'

/** Refuses decompression bombs: far above any image model's output (1792x1024, 4096x4096 at most). */
const MAX_INPUT_PIXELS = 64 * 1024 * 1024
const JPEG_QUALITY = 90

/**
 * One image the provider answered, as it is stored: its bytes (inline base64, or fetched from its
 * temporary URL) re-encoded as a JPEG, what the download promises. A decode that fails means the bytes
 * were not an image, so nothing unknown is ever stored; transparency is flattened onto white (JPEG has
 * none) and metadata dropped. Throws AiProviderError: no image, or not an image.
 */
export async function providerImageAsJpeg(image: GeneratedImage, signal?: AbortSignal): Promise<Uint8Array> {
  return toJpeg(await imageBytes(image, signal))
}

async function imageBytes(image: GeneratedImage, signal: AbortSignal | undefined): Promise<Uint8Array> {
  if (image.base64) return Buffer.from(image.base64, 'base64')
  if (image.url) return fetchProviderImage(image.url, signal)
  throw new AiProviderError('unavailable', { details: { providerCode: 'empty_image' } })
}

async function toJpeg(bytes: Uint8Array): Promise<Uint8Array> {
  // Loaded with the first image rather than with the server: sharp and libvips cost every start a
  // tenth of a second, and most starts never store an image.
  const { default: sharp } = await import('sharp')
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
