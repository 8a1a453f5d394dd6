import type { Random } from '../composer/seeded-random.ts'
import { blobPath, type SceneContext, type SunPlacement } from './scene.ts'
import { n, radialGradient, smoothOpenPath, type Point } from './svg.ts'

/**
 * The scenery that sets each style apart, drawn between the sky and the ground: flat corporate
 * shapes, painted blobs, pencil hatching, soft bokeh, a gothic skyline, mountains over a lake,
 * or factories and girders. hd adds a second, denser pass from its own random.
 */

/** Drawn behind the ground layers (in the sky). */
export function drawBackScenery(ctx: SceneContext, sun: SunPlacement): string {
  const hd = ctx.detail === 'hd'
  switch (ctx.look.scenery) {
    case 'flat-shapes':
      return flatShapes(ctx, ctx.random, 3) + (hd ? flatShapes(ctx, ctx.detailRandom, 4) + flatSkyline(ctx) : '')
    case 'paint-blobs':
      return paintBlobs(ctx, ctx.random, 5) + (hd ? paintBlobs(ctx, ctx.detailRandom, 8) + splatter(ctx) : '')
    case 'soft-focus':
      return (hd ? lightRays(ctx, sun) : '') + bokeh(ctx, ctx.random, 4) + (hd ? bokeh(ctx, ctx.detailRandom, 10) : '')
    case 'gothic-skyline':
      return gothicSkyline(ctx, ctx.random, 0.9) + (hd ? gothicSkyline(ctx, ctx.detailRandom, 0.6) : '')
    case 'lake':
      return mountains(ctx, ctx.random, 3) + (hd ? mountains(ctx, ctx.detailRandom, 4) : '')
    case 'structures':
      return factories(ctx, ctx.random, 3) + (hd ? factories(ctx, ctx.detailRandom, 4) + girders(ctx) : '')
    case 'pencil-hatching':
      return (
        hatching(ctx, ctx.random, 0, ctx.horizon, 5) + (hd ? hatching(ctx, ctx.detailRandom, 0, ctx.horizon, 8) : '')
      )
  }
}

/** Drawn over the ground, under the subjects. */
export function drawFrontScenery(ctx: SceneContext): string {
  const hd = ctx.detail === 'hd'
  switch (ctx.look.scenery) {
    case 'pencil-hatching':
      return (
        hatching(ctx, ctx.random, ctx.horizon, ctx.height, 6) +
        (hd ? hatching(ctx, ctx.detailRandom, ctx.horizon, ctx.height, 10) : '')
      )
    case 'paint-blobs':
      return brushStrokes(ctx, ctx.random, 3) + (hd ? brushStrokes(ctx, ctx.detailRandom, 5) : '')
    case 'structures':
      return hd ? gears(ctx, ctx.detailRandom, 3) : gears(ctx, ctx.random, 1)
    case 'flat-shapes':
      return hd ? dotGrid(ctx) : ''
    default:
      return ''
  }
}

function flatShapes(ctx: SceneContext, random: Random, count: number): string {
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
function flatSkyline(ctx: SceneContext): string {
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

function dotGrid(ctx: SceneContext): string {
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

function paintBlobs(ctx: SceneContext, random: Random, count: number): string {
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

function brushStrokes(ctx: SceneContext, random: Random, count: number): string {
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

function splatter(ctx: SceneContext): string {
  let d = ''
  for (let i = 0; i < 90; i += 1) {
    const r = ctx.unit * (2 + ctx.detailRandom.next() * 7)
    d += circlePath(ctx.detailRandom.next() * ctx.width, ctx.detailRandom.next() * ctx.height, r)
  }
  return `<path d="${d}" fill="${ctx.detailRandom.pick(ctx.look.palette.accents)}" opacity="0.8"/>`
}

function hatching(ctx: SceneContext, random: Random, top: number, bottom: number, patches: number): string {
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

function bokeh(ctx: SceneContext, random: Random, count: number): string {
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

function lightRays(ctx: SceneContext, sun: SunPlacement): string {
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

function gothicSkyline(ctx: SceneContext, random: Random, opacity: number): string {
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

function mountains(ctx: SceneContext, random: Random, count: number): string {
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

function factories(ctx: SceneContext, random: Random, count: number): string {
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

function girders(ctx: SceneContext): string {
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

function gears(ctx: SceneContext, random: Random, count: number): string {
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

/** A circle as path data, so many circles can share one path element. */
export function circlePath(cx: number, cy: number, r: number): string {
  return `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0Z`
}
