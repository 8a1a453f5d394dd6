import type { Random } from '../composer/seeded-random.ts'
import { shade, type SceneContext } from './scene.ts'
import { circlePath, linearGradient, n, radialGradient } from './svg.ts'

/**
 * What goes over the finished scene: surface texture (paper, canvas, film grain, brushed metal),
 * vignette, the water of a reflection and the frame. Textures are small repeating patterns, not
 * filters: librsvg renders a pattern tile once, while feTurbulence is computed for every pixel.
 */

export function drawTexture(ctx: SceneContext): string {
  const { texture } = ctx.look
  if (texture === 'none') return ''
  const hd = ctx.detail === 'hd'
  const tile = Math.max(24, Math.round(96 * ctx.unit))
  const id = ctx.uid('texture')
  const random = ctx.detailRandom
  let content = ''
  let opacity = hd ? 1 : 0.6
  switch (texture) {
    case 'paper':
      content = strokesIn(random, tile, 70, 3 * ctx.unit, ctx.look.palette.ink, 0.6 * ctx.unit)
      opacity *= 0.35
      break
    case 'canvas':
      content =
        `<path d="${weave(tile, 6 * ctx.unit)}" stroke="#ffffff" stroke-width="${n(1.4 * ctx.unit)}" ` +
        `opacity="0.35"/><path d="${weave(tile, 6 * ctx.unit, 3 * ctx.unit)}" ` +
        `stroke="#000000" stroke-width="${n(1 * ctx.unit)}" opacity="0.18"/>`
      break
    case 'grain':
      content =
        `<path d="${dots(random, tile, 90, 0.9 * ctx.unit)}" fill="#000000" opacity="0.25"/>` +
        `<path d="${dots(random, tile, 60, 0.8 * ctx.unit)}" fill="#ffffff" opacity="0.25"/>`
      break
    case 'speckle':
      content = `<path d="${dots(random, tile, 40, 1.1 * ctx.unit)}" fill="#3e2a14" opacity="0.35"/>`
      break
    case 'brushed-metal':
      content =
        strokesIn(random, tile, 40, 40 * ctx.unit, '#ffffff', 0.8 * ctx.unit, true) +
        strokesIn(random, tile, 30, 30 * ctx.unit, '#000000', 0.8 * ctx.unit, true)
      opacity *= 0.5
      break
  }
  ctx.defs.push(
    `<pattern id="${id}" width="${tile}" height="${tile}" patternUnits="userSpaceOnUse">${content}</pattern>`,
  )
  let svg = `<rect width="${ctx.width}" height="${ctx.height}" fill="url(#${id})" opacity="${n(opacity)}"/>`
  if (texture === 'speckle' && hd) svg += foxing(ctx)
  if (texture === 'brushed-metal' && hd) svg += rustStains(ctx)
  return svg
}

function strokesIn(
  random: Random,
  tile: number,
  count: number,
  length: number,
  color: string,
  width: number,
  horizontal = false,
): string {
  let d = ''
  for (let i = 0; i < count; i += 1) {
    const x = random.next() * tile
    const y = random.next() * tile
    const angle = horizontal ? 0 : -0.9 + random.next() * 0.4
    d += `M${n(x)} ${n(y)}l${n(Math.cos(angle) * length)} ${n(Math.sin(angle) * length)}`
  }
  return `<path d="${d}" stroke="${color}" stroke-width="${n(width)}" opacity="0.5" fill="none"/>`
}

function dots(random: Random, tile: number, count: number, radius: number): string {
  let d = ''
  for (let i = 0; i < count; i += 1)
    d += circlePath(random.next() * tile, random.next() * tile, radius * (0.5 + random.next()))
  return d
}

function weave(tile: number, gap: number, offset = 0): string {
  let d = ''
  for (let v = offset; v < tile; v += gap) d += `M0 ${n(v)}H${tile}M${n(v)} 0V${tile}`
  return d
}

/** Brown age spots on old paper. */
function foxing(ctx: SceneContext): string {
  let d = ''
  for (let i = 0; i < 14; i += 1)
    d += circlePath(
      ctx.detailRandom.next() * ctx.width,
      ctx.detailRandom.next() * ctx.height,
      ctx.unit * (4 + ctx.detailRandom.next() * 14),
    )
  return `<path d="${d}" fill="#7a5230" opacity="0.18"/>`
}

function rustStains(ctx: SceneContext): string {
  let d = ''
  for (let i = 0; i < 10; i += 1)
    d += circlePath(
      ctx.detailRandom.next() * ctx.width,
      ctx.horizon + ctx.detailRandom.next() * (ctx.height - ctx.horizon),
      ctx.unit * (10 + ctx.detailRandom.next() * 30),
    )
  return `<path d="${d}" fill="${ctx.look.palette.accents[0] ?? '#b7410e'}" opacity="0.25"/>`
}

export function drawVignette(ctx: SceneContext): string {
  if (ctx.look.vignette <= 0) return ''
  const id = ctx.uid('vignette')
  const edge = ctx.look.style === 'Victorian' ? '#2b1a0a' : '#000000'
  ctx.defs.push(
    radialGradient(
      id,
      [
        [0.55, edge, 0],
        [1, edge, ctx.look.vignette],
      ],
      'cx="0.5" cy="0.5" r="0.75"',
    ),
  )
  return `<rect width="${ctx.width}" height="${ctx.height}" fill="url(#${id})"/>`
}

/**
 * The lake under a Reflections picture: the scene above the horizon (`upperId`) mirrored, tinted
 * with the water's colour, with light ripples across it.
 */
export function drawReflection(ctx: SceneContext, upperId: string): string {
  const { width, height, horizon, unit } = ctx
  const clip = ctx.uid('below')
  const tint = ctx.uid('water')
  const water = ctx.look.palette.water
  ctx.defs.push(
    `<clipPath id="${clip}"><rect y="${n(horizon)}" width="${width}" height="${n(height - horizon)}"/></clipPath>`,
  )
  ctx.defs.push(
    linearGradient(tint, [
      [0, water, 0.35],
      [1, shade(water, -0.4), 0.85],
    ]),
  )
  const rippleRandom = ctx.detail === 'hd' ? ctx.detailRandom : ctx.random
  const rows = ctx.detail === 'hd' ? 70 : 30
  let ripples = ''
  for (let i = 0; i < rows; i += 1) {
    const y = horizon + (height - horizon) * Math.pow(rippleRandom.next(), 1.4)
    const x = rippleRandom.next() * width
    const length = unit * (30 + rippleRandom.next() * 160) * (0.4 + (y - horizon) / (height - horizon))
    ripples += `M${n(x)} ${n(y)}h${n(length)}`
  }
  return (
    `<g clip-path="url(#${clip})"><use href="#${upperId}" ` +
    `transform="translate(0 ${n(2 * horizon)}) scale(1 -1)" opacity="0.85"/>` +
    `<rect y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="url(#${tint})"/>` +
    `<path d="${ripples}" stroke="#ffffff" stroke-width="${n(2.2 * unit)}" ` +
    `stroke-linecap="round" opacity="0.45"/></g>` +
    `<rect y="${n(horizon - unit)}" width="${width}" height="${n(2 * unit)}" fill="#ffffff" opacity="0.35"/>`
  )
}

export function drawFrame(ctx: SceneContext): string {
  switch (ctx.look.frame) {
    case 'card':
      return cardFrame(ctx)
    case 'ornate':
      return ornateFrame(ctx)
    case 'sketch-border':
      return sketchBorder(ctx)
    case 'rivets':
      return rivetFrame(ctx)
    case 'none':
      return ''
  }
}

/** A border: the whole picture minus an inner rectangle (even-odd), filled. */
function border(ctx: SceneContext, inset: number, radius: number): string {
  const { width: w, height: h } = ctx
  const r = n(radius)
  return (
    `M0 0H${w}V${h}H0Z M${n(inset + radius)} ${n(inset)}H${n(w - inset - radius)}a${r} ${r} ` +
    `0 0 1 ${r} ${r}V${n(h - inset - radius)}a${r} ${r} 0 0 1 -${r} ${r}H${n(inset + radius)}a${r} ${r} ` +
    `0 0 1 -${r} -${r}V${n(inset + radius)}a${r} ${r} 0 0 1 ${r} -${r}Z`
  )
}

function cardFrame(ctx: SceneContext): string {
  const inset = 36 * ctx.unit
  const { accents } = ctx.look.palette
  const bar =
    `<rect x="${n(inset)}" y="${n(ctx.height - inset * 0.62)}" width="${n(ctx.width * 0.22)}" ` +
    `height="${n(8 * ctx.unit)}" rx="${n(4 * ctx.unit)}" fill="${accents[1] ?? accents[0] ?? '#000'}"/>`
  return `<path d="${border(ctx, inset, 28 * ctx.unit)}" fill="#ffffff" fill-rule="evenodd"/>${bar}`
}

function ornateFrame(ctx: SceneContext): string {
  const { width: w, height: h, unit } = ctx
  const inset = 64 * unit
  const gold = ctx.look.palette.accents[1] ?? '#b8860b'
  const ink = ctx.look.palette.ink
  let svg = `<path d="${border(ctx, inset, 0)}" fill="${ctx.look.palette.water}" fill-rule="evenodd"/>`
  // Moulding: three nested gilt lines.
  for (const [offset, stroke] of [
    [10, 5],
    [28, 2],
    [inset - 6, 4],
  ] as const) {
    svg +=
      `<rect x="${n(offset * unit)}" y="${n(offset * unit)}" width="${n(w - 2 * offset * unit)}" ` +
      `height="${n(h - 2 * offset * unit)}" fill="none" stroke="${gold}" stroke-width="${n(stroke * unit)}"/>`
  }
  // Corner rosettes and a curl at the middle of each side.
  const rosette = (x: number, y: number, r: number) => {
    let petals = ''
    for (let i = 0; i < 8; i += 1) {
      const angle = (i / 8) * Math.PI * 2
      petals += circlePath(x + Math.cos(angle) * r * 0.62, y + Math.sin(angle) * r * 0.62, r * 0.36)
    }
    return (
      `<path d="${petals}" fill="${gold}" stroke="${ink}" stroke-width="${n(1.5 * unit)}"/>` +
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.34)}" fill="${ink}"/>`
    )
  }
  const corner = inset / 2 + 4 * unit
  for (const [x, y] of [
    [corner, corner],
    [w - corner, corner],
    [corner, h - corner],
    [w - corner, h - corner],
  ] as const)
    svg += rosette(x, y, 30 * unit)
  const curl = (x: number, y: number, rotate: number) =>
    `<path d="M${n(-40 * unit)} 0c${n(10 * unit)} ${n(-22 * unit)} ${n(30 * unit)} ${n(-22 * unit)} ${n(40 * unit)} ` +
    `0c${n(10 * unit)} ${n(22 * unit)} ${n(30 * unit)} ${n(22 * unit)} ${n(40 * unit)} ` +
    `0" transform="translate(${n(x)} ${n(y)}) rotate(${rotate})" ` +
    `fill="none" stroke="${gold}" stroke-width="${n(5 * unit)}" stroke-linecap="round"/>`
  svg +=
    curl(w / 2, inset / 2 + 4 * unit, 0) +
    curl(w / 2, h - inset / 2 - 4 * unit, 180) +
    curl(inset / 2 + 4 * unit, h / 2, 90) +
    curl(w - inset / 2 - 4 * unit, h / 2, 270)
  if (ctx.detail === 'hd') {
    // Beading along the moulding.
    let beads = ''
    const step = 18 * unit
    for (let x = inset; x < w - inset; x += step)
      beads += circlePath(x, 19 * unit, 3 * unit) + circlePath(x, h - 19 * unit, 3 * unit)
    for (let y = inset; y < h - inset; y += step)
      beads += circlePath(19 * unit, y, 3 * unit) + circlePath(w - 19 * unit, y, 3 * unit)
    svg += `<path d="${beads}" fill="${gold}"/>`
  }
  return svg
}

function sketchBorder(ctx: SceneContext): string {
  const { width: w, height: h, unit, random } = ctx
  const inset = 26 * unit
  const jitter = () => (random.next() - 0.5) * 8 * unit
  let d = ''
  for (let pass = 0; pass < 2; pass += 1) {
    d +=
      `M${n(inset + jitter())} ${n(inset + jitter())}L${n(w - inset + jitter())} ${n(inset + jitter())}L` +
      `${n(w - inset + jitter())} ${n(h - inset + jitter())}L${n(inset + jitter())} ${n(h - inset + jitter())}Z`
  }
  return (
    `<path d="${border(ctx, inset, 0)}" fill="${ctx.look.palette.sky[0]}" ` +
    `fill-rule="evenodd"/><path d="${d}" fill="none" stroke="${ctx.look.palette.ink}" ` +
    `stroke-width="${n(2 * unit)}" stroke-linejoin="round" opacity="0.75"/>`
  )
}

function rivetFrame(ctx: SceneContext): string {
  const { width: w, height: h, unit } = ctx
  const inset = 40 * unit
  const plate = ctx.uid('plate')
  ctx.defs.push(
    linearGradient(plate, [
      [0, '#8a8f94'],
      [0.5, '#5d6166'],
      [1, '#3d4044'],
    ]),
  )
  let rivets = ''
  const step = 64 * unit
  for (let x = inset / 2; x < w; x += step)
    rivets += circlePath(x, inset / 2, 6 * unit) + circlePath(x, h - inset / 2, 6 * unit)
  for (let y = inset / 2 + step; y < h - step / 2; y += step)
    rivets += circlePath(inset / 2, y, 6 * unit) + circlePath(w - inset / 2, y, 6 * unit)
  return (
    `<path d="${border(ctx, inset, 0)}" fill="url(#${plate})" fill-rule="evenodd" ` +
    `stroke="${ctx.look.palette.ink}" stroke-width="${n(3 * unit)}"/>` +
    `<path d="${rivets}" fill="#c0c4c8" stroke="${ctx.look.palette.ink}" stroke-width="${n(1.5 * unit)}"/>`
  )
}
