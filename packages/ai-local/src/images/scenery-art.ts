import type { Random } from '../composer/seeded-random.ts'
import { blobPath, type SceneContext } from './scene.ts'
import { circlePath, n, smoothOpenPath, type Point } from './svg.ts'

/** Art: paint blobs behind, brush strokes over the ground; hd adds a splatter of paint. */

export function paintBlobs(ctx: SceneContext, random: Random, count: number): string {
  let svg = ''
  for (let i = 0; i < count; i += 1) {
    const cx = random.next() * ctx.width
    const cy = random.next() * ctx.height * 0.9
    const radius = ctx.unit * (50 + random.next() * 150)
    svg +=
      `<path d="${blobPath(random, cx, cy, radius, 0.55)}" ` +
      `fill="${random.pick(ctx.look.palette.accents)}" opacity="${n(0.55 + random.next() * 0.3)}"/>`
  }
  return svg
}

export function brushStrokes(ctx: SceneContext, random: Random, count: number): string {
  let svg = ''
  for (let i = 0; i < count; i += 1) {
    const y = ctx.horizon + random.next() * (ctx.height - ctx.horizon)
    const points: Point[] = []
    for (let p = 0; p < 4; p += 1)
      points.push({ x: ctx.width * (random.next() * 0.3 + p * 0.25), y: y + (random.next() - 0.5) * 60 * ctx.unit })
    svg +=
      `<path d="${smoothOpenPath(points)}" fill="none" stroke="${random.pick(ctx.look.palette.accents)}" ` +
      `stroke-width="${n(ctx.unit * (18 + random.next() * 22))}" stroke-linecap="round" opacity="0.75"/>`
  }
  return svg
}

export function splatter(ctx: SceneContext): string {
  let d = ''
  for (let i = 0; i < 90; i += 1) {
    const r = ctx.unit * (2 + ctx.detailRandom.next() * 7)
    d += circlePath(ctx.detailRandom.next() * ctx.width, ctx.detailRandom.next() * ctx.height, r)
  }
  return `<path d="${d}" fill="${ctx.detailRandom.pick(ctx.look.palette.accents)}" opacity="0.8"/>`
}
