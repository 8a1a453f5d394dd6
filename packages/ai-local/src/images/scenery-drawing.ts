import type { Random } from '../composer/seeded-random.ts'
import type { SceneContext } from './scene.ts'
import { n } from './svg.ts'

/** Drawing: patches of pencil hatching, above and below the horizon. */

export function hatching(ctx: SceneContext, random: Random, top: number, bottom: number, patches: number): string {
  // One path for all the strokes: librsvg draws a single path much faster than many elements.
  let d = ''
  for (let p = 0; p < patches; p += 1) {
    const x = random.next() * ctx.width
    const y = top + random.next() * (bottom - top)
    const size = ctx.unit * (50 + random.next() * 90)
    const slant = size * (0.3 + random.next() * 0.4)
    const gap = ctx.unit * (7 + random.next() * 5)
    for (let offset = 0; offset < size; offset += gap) {
      d += `M${n(x + offset)} ${n(y)}l${n(-slant)} ${n(size * 0.6)}`
    }
  }
  return (
    `<path d="${d}" stroke="${ctx.look.palette.ink}" stroke-width="${n(1.2 * ctx.unit)}" ` +
    `stroke-linecap="round" opacity="0.35" fill="none"/>`
  )
}
