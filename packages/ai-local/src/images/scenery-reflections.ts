import type { Random } from '../composer/seeded-random.ts'
import type { SceneContext } from './scene.ts'
import { n } from './svg.ts'

/** Reflections: snow-capped mountains over the lake that mirrors them. */

export function mountains(ctx: SceneContext, random: Random, count: number): string {
  let svg = ''
  for (let i = 0; i < count; i += 1) {
    const cx = random.next() * ctx.width
    const w = ctx.unit * (260 + random.next() * 300)
    const h = ctx.unit * (140 + random.next() * 200)
    const base = ctx.horizon + 2
    const color = ctx.look.palette.ground[Math.min(2, i % 3)] ?? ctx.look.palette.ink
    svg +=
      `<path d="M${n(cx - w / 2)} ${n(base)}L${n(cx - w * 0.08)} ${n(base - h)}` +
      `L${n(cx + w * 0.05)} ${n(base - h * 0.93)}L${n(cx + w / 2)} ${n(base)}Z" ` +
      `fill="${color}" opacity="${n(0.55 + 0.15 * i)}"/>`
    // Snow on the peak.
    svg +=
      `<path d="M${n(cx - w * 0.08 - w * 0.1)} ${n(base - h * 0.75)}L${n(cx - w * 0.08)} ${n(base - h)}` +
      `L${n(cx + w * 0.05)} ${n(base - h * 0.93)}L${n(cx + w * 0.12)} ${n(base - h * 0.75)}Z" ` +
      `fill="#ffffff" ` +
      `opacity="0.6"/>`
  }
  return svg
}
