import type { Random } from '../composer/seeded-random.ts'
import type { SceneContext } from './scene.ts'
import { circlePath, n } from './svg.ts'

/** Industrial: saw-tooth factories with smoking stacks, gears in front; hd adds a girder. */

export function factories(ctx: SceneContext, random: Random, count: number): string {
  const { accents, ink } = ctx.look.palette
  let buildings = ''
  let smoke = ''
  for (let i = 0; i < count; i += 1) {
    const x = random.next() * ctx.width
    const w = ctx.unit * (120 + random.next() * 160)
    const h = ctx.unit * (70 + random.next() * 90)
    const base = ctx.horizon + 6 * ctx.unit
    const teeth = random.int(3, 5)
    let roof = `M${n(x)} ${n(base)}V${n(base - h)}`
    for (let t = 0; t < teeth; t += 1) {
      const tx = x + (t / teeth) * w
      roof += `L${n(tx + w / teeth)} ${n(base - h - 30 * ctx.unit)}V${n(base - h)}`
    }
    buildings +=
      `<path d="${roof}V${n(base)}Z" fill="${random.pick(accents)}" ` +
      `stroke="${ink}" stroke-width="${n(ctx.look.outline * ctx.unit)}"/>`
    const stackX = x + w * (0.15 + random.next() * 0.6)
    const stackH = h + ctx.unit * (80 + random.next() * 120)
    buildings +=
      `<rect x="${n(stackX)}" y="${n(base - stackH)}" ` +
      `width="${n(22 * ctx.unit)}" height="${n(stackH)}" fill="${ink}"/>`
    buildings +=
      `<rect x="${n(stackX - 3 * ctx.unit)}" y="${n(base - stackH)}" ` +
      `width="${n(28 * ctx.unit)}" height="${n(10 * ctx.unit)}" fill="${accents[0] ?? ink}"/>`
    for (let puff = 0; puff < 4; puff += 1) {
      smoke += circlePath(
        stackX + 11 * ctx.unit + puff * 22 * ctx.unit,
        base - stackH - (20 + puff * 28) * ctx.unit,
        (16 + puff * 9) * ctx.unit,
      )
    }
  }
  return `<path d="${smoke}" fill="#c8c8c8" opacity="0.45"/>${buildings}`
}

export function girders(ctx: SceneContext): string {
  const y = ctx.horizon - 150 * ctx.unit * (0.6 + ctx.detailRandom.next() * 0.5)
  const depth = 46 * ctx.unit
  const step = 46 * ctx.unit
  let d = `M0 ${n(y)}H${n(ctx.width)}M0 ${n(y + depth)}H${n(ctx.width)}`
  for (let x = 0, up = true; x < ctx.width; x += step, up = !up) {
    d += up ? `M${n(x)} ${n(y + depth)}L${n(x + step)} ${n(y)}` : `M${n(x)} ${n(y)}L${n(x + step)} ${n(y + depth)}`
  }
  return (
    `<path d="${d}" fill="none" stroke="${ctx.look.palette.accents[1] ?? ctx.look.palette.ink}" ` +
    `stroke-width="${n(6 * ctx.unit)}" opacity="0.85"/>`
  )
}

export function gears(ctx: SceneContext, random: Random, count: number): string {
  let svg = ''
  for (let i = 0; i < count; i += 1) {
    const cx = random.next() * ctx.width
    const cy = ctx.horizon + (ctx.height - ctx.horizon) * (0.35 + random.next() * 0.5)
    const r = ctx.unit * (40 + random.next() * 45)
    const teeth = random.int(8, 12)
    let d = ''
    for (let t = 0; t < teeth * 2; t += 1) {
      const angle = (t / (teeth * 2)) * Math.PI * 2
      const radius = t % 2 === 0 ? r : r * 0.8
      const next = ((t + 1) / (teeth * 2)) * Math.PI * 2
      d +=
        `${t === 0 ? 'M' : 'L'}${n(cx + Math.cos(angle) * radius)} ${n(cy + Math.sin(angle) * radius)}` +
        `L${n(cx + Math.cos(next) * radius)} ${n(cy + Math.sin(next) * radius)}`
    }
    svg +=
      `<path d="${d}Z${circlePath(cx, cy, r * 0.3)}" fill="${random.pick(ctx.look.palette.accents)}" ` +
      `fill-rule="evenodd" stroke="${ctx.look.palette.ink}" stroke-width="${n(3 * ctx.unit)}" opacity="0.9"/>`
  }
  return svg
}
