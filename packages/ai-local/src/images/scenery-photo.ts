import type { Random } from '../composer/seeded-random.ts'
import type { SceneContext, SunPlacement } from './scene.ts'
import { n, radialGradient } from './svg.ts'

/** Photo: out-of-focus highlights (bokeh); hd adds rays of light from the sun. */

export function bokeh(ctx: SceneContext, random: Random, count: number): string {
  const id = ctx.uid('bokeh')
  ctx.defs.push(
    radialGradient(id, [
      [0, '#ffffff', 0.55],
      [0.7, '#ffffff', 0.25],
      [1, '#ffffff', 0],
    ]),
  )
  let svg = ''
  for (let i = 0; i < count; i += 1) {
    svg +=
      `<circle cx="${n(random.next() * ctx.width)}" cy="${n(random.next() * ctx.horizon)}" ` +
      `r="${n(ctx.unit * (20 + random.next() * 50))}" fill="url(#${id})"/>`
  }
  return svg
}

export function lightRays(ctx: SceneContext, sun: SunPlacement): string {
  const id = ctx.uid('ray')
  ctx.defs.push(
    radialGradient(
      id,
      [
        [0, ctx.look.palette.sun, 0.35],
        [1, ctx.look.palette.sun, 0],
      ],
      `cx="${n(sun.x)}" cy="${n(sun.y)}" r="${n(ctx.height)}" gradientUnits="userSpaceOnUse"`,
    ),
  )
  let d = ''
  for (let i = 0; i < 7; i += 1) {
    const angle = Math.PI * (0.15 + (i / 6) * 0.7) + (ctx.detailRandom.next() - 0.5) * 0.1
    const spread = 0.03 + ctx.detailRandom.next() * 0.03
    const reach = ctx.height * 1.2
    d +=
      `M${n(sun.x)} ${n(sun.y)}L${n(sun.x + Math.cos(angle - spread) * reach)}` +
      ` ${n(sun.y + Math.sin(angle - spread) * reach)}L${n(sun.x + Math.cos(angle + spread) * reach)}` +
      ` ${n(sun.y + Math.sin(angle + spread) * reach)}Z`
  }
  return `<path d="${d}" fill="url(#${id})"/>`
}
