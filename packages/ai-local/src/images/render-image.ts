import { availableParallelism } from 'node:os'
import sharp from 'sharp'

import type { ImageStyle } from '@promptly/core/generation/media-options'

import { seededRandom } from '../composer/seeded-random.ts'
import { createConcurrencyLimit } from '../concurrency-limit.ts'
import { drawFrame, drawReflection, drawTexture, drawVignette } from './effects.ts'
import { loadIconLibrary, type Icon, type IconLibrary } from './icon-library.ts'
import { parseImagePrompt } from './image-prompt.ts'
import { drawClouds, drawGround, drawSky, drawSun, placeSun, type ImageDetail, type SceneContext } from './scene.ts'
import { lookFor } from './style-look.ts'
import { drawBackScenery, drawFrontScenery } from './style-shapes.ts'
import { drawSubjects, placeSubjects } from './subject-layer.ts'
import { matchSubjects, type SubjectMatch } from './subject-matching.ts'

/**
 * The local image model: a prompt in, PNG pictures out. Each picture is one SVG document (a
 * procedural scene in the prompt's style with the prompt's subjects drawn as colour emoji) that
 * librsvg renders through sharp. sharp works on libuv's thread pool, so the server's event loop
 * only spends the few milliseconds it takes to write the SVG text.
 */

/** OpenAI's sizes (DALL-E 3's three, and DALL-E 2's two smaller squares). */
export const IMAGE_SIZES = ['1024x1024', '1792x1024', '1024x1792', '512x512', '256x256'] as const
export type ImageSize = (typeof IMAGE_SIZES)[number]

export interface LocalImageRequest {
  /** As the app sends it: the user's text, then `Style: <style>.` */
  prompt: string
  n: number
  size: ImageSize
  detail: ImageDetail
  signal?: AbortSignal | undefined
}

export interface LocalImage {
  png: Buffer
  /** What was drawn, in words (OpenAI's `revised_prompt`). */
  revisedPrompt: string
}

export interface ComposedImage {
  svg: string
  width: number
  height: number
  style: ImageStyle
  subjects: SubjectMatch
  finish: [[number, number, number], [number, number, number], [number, number, number]] | null
}

/**
 * Renders at once across all requests: one per core, at most two (these machines), so a burst
 * of n=10 requests queues instead of taking every core from the server.
 */
const renders = createConcurrencyLimit(Math.max(1, Math.min(2, availableParallelism())))
/** Pictures whose drawing began, since the process started: tells a dropped picture from a drawn one. */
let picturesStarted = 0

export async function renderLocalImages(request: LocalImageRequest): Promise<LocalImage[]> {
  const library = await loadIconLibrary()
  request.signal?.throwIfAborted()
  return Promise.all(
    Array.from({ length: request.n }, (_, index) =>
      renders.run(async () => {
        request.signal?.throwIfAborted()
        picturesStarted += 1
        const composed = composeImage(
          { prompt: request.prompt, index, size: request.size, detail: request.detail },
          library,
        )
        const png = await rasterize(composed)
        return { png, revisedPrompt: revisedPrompt(request.prompt, composed) }
      }, request.signal),
    ),
  )
}

export async function rasterize(composed: ComposedImage): Promise<Buffer> {
  let image = sharp(Buffer.from(composed.svg))
  if (composed.finish) image = image.recomb(composed.finish)
  return image.png().toBuffer()
}

/** Builds one picture's SVG: pure, and the same for the same prompt, index, size and detail. */
export function composeImage(
  { prompt, index, size, detail }: { prompt: string; index: number; size: ImageSize; detail: ImageDetail },
  library: IconLibrary,
): ComposedImage {
  const { text, style } = parseImagePrompt(prompt)
  const [width, height] = size.split('x').map(Number) as [number, number]
  // Subjects come from the prompt alone, so all n pictures show the same things, composed differently.
  const subjects = matchSubjects(text, style, library, seededRandom(`subjects\u0000${prompt}`))
  const random = seededRandom(`${prompt}\u0000${index}`)
  const look = lookFor(style, random)
  const horizon = height * (look.scenery === 'lake' ? 0.48 + random.next() * 0.08 : 0.5 + random.next() * 0.12)
  let ids = 0
  const ctx: SceneContext = {
    width,
    height,
    unit: Math.min(width, height) / 1024,
    look,
    random,
    detailRandom: seededRandom(`${prompt}\u0000${index}\u0000hd`),
    detail,
    horizon,
    defs: [],
    uid: (prefix) => `${prefix}${(ids += 1)}`,
  }
  const icons = subjects.icons.map((name) => library.icon(name)).filter((icon): icon is Icon => icon !== undefined)
  const sun = placeSun(ctx)
  const placements = placeSubjects(ctx, icons)
  const layers = detail === 'hd' ? 4 : 2
  let body: string
  if (look.scenery === 'lake') {
    const upperId = ctx.uid('upper')
    const upper =
      drawSky(ctx) +
      drawSun(ctx, sun) +
      drawClouds(ctx) +
      drawBackScenery(ctx, sun) +
      drawGround(ctx, { layers, farOnly: true }) +
      drawSubjects(ctx, placements)
    body = `<g id="${upperId}">${upper}</g>${drawReflection(ctx, upperId)}`
  } else {
    body =
      drawSky(ctx) +
      drawSun(ctx, sun) +
      drawClouds(ctx) +
      drawBackScenery(ctx, sun) +
      drawGround(ctx, { layers }) +
      drawFrontScenery(ctx) +
      drawSubjects(ctx, placements)
  }
  body += drawTexture(ctx) + drawVignette(ctx) + drawFrame(ctx)
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}"><defs>${ctx.defs.join('')}</defs><rect ` +
    `width="${width}" height="${height}" fill="${look.palette.sky[2]}"/>${body}</svg>`
  const finish = look.finish
    ? (look.finish.map((row) => [row[0] ?? 0, row[1] ?? 0, row[2] ?? 0]) as ComposedImage['finish'])
    : null
  return { svg, width, height, style, subjects, finish }
}

function revisedPrompt(prompt: string, composed: ComposedImage): string {
  const { text } = parseImagePrompt(prompt)
  const drawn = composed.subjects.icons.map((name) => name.replace(/-/g, ' ')).join(', ')
  const why =
    composed.subjects.source === 'style'
      ? `; nothing in the prompt matched a drawable subject, so the ${composed.style} style's motifs stand in`
      : ''
  return `${text} (drawn by the local model: ${drawn} in the ${composed.style} style${why})`
}

/**
 * How many renders are going and waiting now, and how many have started in all (for tests and the measuring script).
 */
export function imageRendererLoad(): { active: number; waiting: number; started: number } {
  return { active: renders.active, waiting: renders.waiting, started: picturesStarted }
}
