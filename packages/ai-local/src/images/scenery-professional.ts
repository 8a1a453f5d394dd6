import type { Random } from '../composer/seeded-random.ts'
import type { SceneContext } from './scene.ts'
import { n } from './svg.ts'

/** Professional: flat corporate shapes in the sky; hd adds office towers and a dot grid. */

export function flatShapes(ctx: SceneContext, random: Random, count: number): string {
  const { accents } = ctx.look.palette
  let svg = ''
  for (let i = 0; i < count; i += 1) {
    const color = random.pick(accents)
    const x = random.next() * ctx.width
    const y = random.next() * ctx.horizon
    const size = ctx.unit * (60 + random.next() * 160)
    svg += random.chance(0.5)
      ? `<circle cx="${n(x)}" cy="${n(y)}" r="${n(size / 2)}" fill="${color}" opacity="0.16"/>`
      : `<rect x="${n(x - size / 2)}" y="${n(y - size / 3)}" width="${n(size)}" ` +
        `height="${n(size * 0.66)}" rx="${n(size * 0.12)}" fill="${color}" ` +
        `opacity="0.14" transform="rotate(${random.int(-20, 20)} ${n(x)} ${n(y)})"/>`
  }
  return svg
}

/** A row of clean office towers on the horizon, with window bands. */
export function flatSkyline(ctx: SceneContext): string {
  const { accents, ground } = ctx.look.palette
  const random = ctx.detailRandom
  let towers = ''
  let windows = ''
  let x = ctx.width * random.next() * 0.1
  while (x < ctx.width) {
    const w = ctx.unit * (50 + random.next() * 60)
    const h = ctx.unit * (90 + random.next() * 190)
    const top = ctx.horizon + 10 * ctx.unit - h
    towers +=
      `<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h)}" ` +
      `fill="${random.pick([ground[0], ground[1], accents[0] ?? ground[2]])}"/>`
    for (let y = top + 14 * ctx.unit; y < ctx.horizon - 10 * ctx.unit; y += 22 * ctx.unit)
      windows += `M${n(x + 8 * ctx.unit)} ${n(y)}h${n(w - 16 * ctx.unit)}`
    x += w + ctx.unit * (6 + random.next() * 40)
  }
  return (
    `<g opacity="0.85">${towers}<path d="${windows}" stroke="#ffffff" ` +
    `stroke-width="${n(5 * ctx.unit)}" opacity="0.55"/></g>`
  )
}

export function dotGrid(ctx: SceneContext): string {
  const step = 34 * ctx.unit
  const id = ctx.uid('dots')
  ctx.defs.push(
    `<pattern id="${id}" width="${n(step)}" height="${n(step)}" ` +
      `patternUnits="userSpaceOnUse"><circle cx="${n(step / 2)}" cy="${n(step / 2)}" ` +
      `r="${n(2.2 * ctx.unit)}" fill="${ctx.look.palette.ink}" opacity="0.18"/></pattern>`,
  )
  return (
    `<rect x="${n(ctx.width * 0.62)}" y="${n(ctx.height * 0.08)}" ` +
    `width="${n(ctx.width * 0.3)}" height="${n(ctx.height * 0.22)}" fill="url(#${id})"/>`
  )
}
