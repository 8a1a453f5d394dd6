import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'

import { imagePrompt } from '@promptly/core/generation/media'
import { IMAGE_STYLES, type ImageStyle } from '@promptly/core/generation/media-options'

import { loadIconLibrary, type IconLibrary } from './icon-library.ts'
import { composeImage, IMAGE_SIZES, imageRendererLoad, rasterize, renderLocalImages } from './render-image.ts'

let library: IconLibrary
beforeAll(async () => {
  library = await loadIconLibrary()
})

const PROMPT = 'a cat and a rocket'
const hash = (png: Buffer) => createHash('sha256').update(png).digest('hex')

/** Mean and spread of each colour channel: a coarse fingerprint of how a picture looks. */
async function colourStats(png: Buffer): Promise<number[]> {
  const { channels } = await sharp(png).stats()
  return channels.slice(0, 3).flatMap((channel) => [channel.mean, channel.stdev])
}

/** The mean absolute difference of two same-sized pictures' RGB values (0 to 255). */
async function meanPixelDifference(a: Buffer, b: Buffer): Promise<number> {
  const [pixelsA, pixelsB] = await Promise.all([a, b].map((png) => sharp(png).removeAlpha().raw().toBuffer()))
  let total = 0
  for (let i = 0; i < (pixelsA?.length ?? 0); i += 1) total += Math.abs((pixelsA?.[i] ?? 0) - (pixelsB?.[i] ?? 0))
  return total / (pixelsA?.length ?? 1)
}

const distance = (a: number[], b: number[]) => Math.hypot(...a.map((value, index) => value - (b[index] ?? 0)))

describe('renderLocalImages', () => {
  it.each(IMAGE_SIZES)('draws a PNG of %s', async (size) => {
    const [image] = await renderLocalImages({ prompt: imagePrompt(PROMPT, 'Art'), n: 1, size, detail: 'standard' })
    const metadata = await sharp(image?.png).metadata()
    expect(metadata.format).toBe('png')
    expect(`${metadata.width}x${metadata.height}`).toBe(size)
  })

  it('draws n different pictures, and the same ones again for the same request', async () => {
    const request = {
      prompt: imagePrompt('a lighthouse by the sea', 'Photo'),
      n: 4,
      size: '256x256',
      detail: 'standard',
    } as const
    const first = (await renderLocalImages(request)).map((image) => hash(image.png))
    const again = (await renderLocalImages(request)).map((image) => hash(image.png))
    expect(new Set(first).size).toBe(4)
    expect(again).toEqual(first)
  })

  it('says what it drew in the revised prompt', async () => {
    const [image] = await renderLocalImages({
      prompt: imagePrompt(PROMPT, 'Drawing'),
      n: 1,
      size: '256x256',
      detail: 'standard',
    })
    expect(image?.revisedPrompt).toBe('a cat and a rocket (drawn by the local model: cat, rocket in the Drawing style)')
  })

  it('gives each style a clearly different look', { timeout: 90_000 }, async () => {
    const stats = new Map<ImageStyle, number[]>()
    for (const style of IMAGE_STYLES) {
      const [image] = await renderLocalImages({
        prompt: imagePrompt(PROMPT, style),
        n: 1,
        size: '512x512',
        detail: 'standard',
      })
      stats.set(style, await colourStats(image?.png ?? Buffer.alloc(0)))
    }
    for (const a of IMAGE_STYLES) {
      for (const b of IMAGE_STYLES) {
        if (a < b) expect(distance(stats.get(a) ?? [], stats.get(b) ?? []), `${a} vs ${b}`).toBeGreaterThan(15)
      }
    }
    // Two telling traits: pencil on paper is nearly grey, Victorian is sepia (red over green over blue).
    const [r = 0, , g = 0, , b = 0] = stats.get('Drawing') ?? []
    expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThan(15)
    const [vr = 0, , vg = 0, , vb = 0] = stats.get('Victorian') ?? []
    expect(vr).toBeGreaterThan(vg)
    expect(vg).toBeGreaterThan(vb)
  })

  it('adds detail for hd on the same composition', async () => {
    for (const style of IMAGE_STYLES) {
      const request = { prompt: imagePrompt(PROMPT, style), index: 0, size: '512x512' } as const
      const standard = composeImage({ ...request, detail: 'standard' }, library)
      const hd = composeImage({ ...request, detail: 'hd' }, library)
      // More shapes in the document, and a visibly different picture.
      expect(hd.svg.length, style).toBeGreaterThan(standard.svg.length * 1.15)
      const [standardPng, hdPng] = await Promise.all([rasterize(standard), rasterize(hd)])
      expect(await meanPixelDifference(standardPng, hdPng), style).toBeGreaterThan(4)
    }
  })

  it('draws subjects for a prompt that names nothing it knows', () => {
    const composed = composeImage(
      { prompt: imagePrompt('zxqv blorptastic', 'Victorian'), index: 0, size: '256x256', detail: 'standard' },
      library,
    )
    expect(composed.subjects.source).toBe('style')
    expect(composed.subjects.icons.length).toBeGreaterThan(0)
    expect(composed.svg.match(/viewBox="0 0 32 32"/g)?.length).toBe(composed.subjects.icons.length)
  })

  it('starts no render once its caller has aborted, and leaves none queued', async () => {
    const startedBefore = imageRendererLoad().started
    const controller = new AbortController()
    const rendering = renderLocalImages({
      prompt: PROMPT,
      n: 10,
      size: '1024x1024',
      detail: 'hd',
      signal: controller.signal,
    })
    await expect.poll(() => imageRendererLoad().active, { interval: 1 }).toBeGreaterThan(0)
    controller.abort()
    await expect(rendering).rejects.toMatchObject({ name: 'AbortError' })
    expect(imageRendererLoad().waiting).toBe(0)
    // The renders already drawing finish; on a loaded machine an hd picture can take seconds.
    await expect.poll(() => imageRendererLoad().active, { timeout: 60_000, interval: 10 }).toBe(0)
    expect(imageRendererLoad().started - startedBefore).toBeLessThanOrEqual(2)
  })
})
