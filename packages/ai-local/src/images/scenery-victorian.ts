import type { Random } from '../composer/seeded-random.ts'
import type { SceneContext } from './scene.ts'
import { n } from './svg.ts'

/** Victorian: a gothic skyline of spires and rounded roofs on the horizon. */

export function gothicSkyline(ctx: SceneContext, random: Random, opacity: number): string {
  let d = ''
  let x = -ctx.width * 0.02
  while (x < ctx.width) {
    const w = ctx.unit * (40 + random.next() * 70)
    const h = ctx.unit * (60 + random.next() * 170)
    const base = ctx.horizon + 4 * ctx.unit
    if (random.chance(0.45)) {
      // A spire: a tower with a pointed roof.
      d +=
        `M${n(x)} ${n(base)}V${n(base - h)}L${n(x + w / 2)} ` +
        `${n(base - h - w * 1.4)}L${n(x + w)} ${n(base - h)}V${n(base)}Z`
    } else {
      d +=
        `M${n(x)} ${n(base)}V${n(base - h * 0.6)}Q${n(x + w / 2)} ` +
        `${n(base - h * 0.95)} ${n(x + w)} ${n(base - h * 0.6)}V${n(base)}Z`
    }
    x += w + ctx.unit * random.next() * 30
  }
  return `<path d="${d}" fill="${ctx.look.palette.accents[2] ?? ctx.look.palette.ink}" opacity="${opacity * 0.45}"/>`
}
