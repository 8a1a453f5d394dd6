import type { Random } from '../composer/seeded-random.ts'
import type { StyleLook } from './style-look-types.ts'
import { linearGradient, n, radialGradient, smoothClosedPath, smoothOpenPath, type Point } from './svg.ts'

/**
 * The procedural landscape every picture starts from: sky, sun, clouds and layered ground. Where
 * things go comes from the seeded random (so each of the n pictures is composed differently and
 * the same request always draws the same); how they look comes from the style.
 */

export type ImageDetail = 'standard' | 'hd'

export interface SceneContext {
  width: number
  height: number
  /** Pixels per unit of a 1,024 px square: sizes are written for 1,024 and scaled. */
  unit: number
  look: StyleLook
  random: Random
  /** Extra layers for hd come from their own random, so hd keeps standard's composition and adds to it. */
  detailRandom: Random
  detail: ImageDetail
  /** Where land (or water) meets the sky. */
  horizon: number
  /** Definitions (gradients, patterns, clip paths) collected while drawing. */
  defs: string[]
  uid(prefix: string): string
}

export interface SunPlacement {
  x: number
  y: number
  r: number
}

export function drawSky(ctx: SceneContext): string {
  const { palette } = ctx.look
  const id = ctx.uid('sky')
  const stops: Array<readonly [number, string]> = [
    [0, palette.sky[0]],
    [ctx.look.ground === 'gradient' ? 0.55 : 0.6, palette.sky[1]],
    [1, palette.sky[2]],
  ]
  ctx.defs.push(linearGradient(id, stops))
  return `<rect width="${ctx.width}" height="${n(ctx.horizon + 2)}" fill="url(#${id})"/>`
}

export function placeSun(ctx: SceneContext): SunPlacement {
  const { random, width, height, unit } = ctx
  return {
    x: width * (0.15 + random.next() * 0.7),
    y: Math.min(ctx.horizon * 0.55, height * (0.12 + random.next() * 0.18)),
    r: unit * (55 + random.next() * 45),
  }
}

export function drawSun(ctx: SceneContext, sun: SunPlacement): string {
  const { palette, style } = ctx.look
  const { x, y, r } = sun
  const circle = (radius: number, attributes: string) =>
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}" ${attributes}/>`
  switch (style) {
    case 'Drawing': {
      let rays = ''
      for (let i = 0; i < 12; i += 1) {
        const angle = (i / 12) * Math.PI * 2 + ctx.random.next() * 0.2
        rays +=
          `M${n(x + Math.cos(angle) * r * 1.25)} ${n(y + Math.sin(angle) * r * 1.25)}` +
          `L${n(x + Math.cos(angle) * r * 1.7)} ${n(y + Math.sin(angle) * r * 1.7)}`
      }
      const stroke =
        `fill="none" stroke="${palette.ink}" stroke-linecap="round" ` +
        `stroke-width="${n(ctx.look.outline * ctx.unit)}"`
      return (
        `<g opacity="0.8">${circle(r, stroke)}${circle(r * 1.04, `${stroke} opacity="0.5"`)}<path ` +
        `d="${rays}" ${stroke}/></g>`
      )
    }
    case 'Professional':
      return `${circle(r * 1.45, `fill="${palette.sun}" opacity="0.18"`)}${circle(r, `fill="${palette.sun}"`)}`
    case 'Art': {
      let rays = ''
      for (let i = 0; i < 16; i += 1) {
        const angle = (i / 16) * Math.PI * 2
        const reach = r * (1.5 + ctx.random.next() * 0.8)
        rays +=
          `M${n(x + Math.cos(angle) * r * 1.2)} ${n(y + Math.sin(angle) * r * 1.2)}` +
          `L${n(x + Math.cos(angle) * reach)} ${n(y + Math.sin(angle) * reach)}`
      }
      return (
        `<path d="${rays}" stroke="${palette.sun}" stroke-width="${n(14 * ctx.unit)}" ` +
        `stroke-linecap="round"/>${circle(
          r,
          `fill="${palette.sun}" stroke="${palette.ink}" ` + `stroke-width="${n(6 * ctx.unit)}"`,
        )}`
      )
    }
    case 'Industrial':
      return `${circle(
        r * 1.6,
        `fill="${palette.sun}" ` + `opacity="0.12"`,
      )}${circle(r, `fill="${palette.sun}" opacity="0.55"`)}`
    default: {
      // Photo, Victorian, Reflections: a soft glow that fades into the sky.
      const id = ctx.uid('glow')
      ctx.defs.push(
        radialGradient(id, [
          [0, palette.sun, 1],
          [0.25, palette.sun, 0.9],
          [0.45, palette.sun, 0.3],
          [1, palette.sun, 0],
        ]),
      )
      return circle(r * 2.6, `fill="url(#${id})"`)
    }
  }
}

export function drawClouds(ctx: SceneContext): string {
  const { look, width, unit } = ctx
  const count = ctx.random.int(1, 2) + (ctx.detail === 'hd' ? ctx.detailRandom.int(2, 3) : 0)
  let clouds = ''
  for (let i = 0; i < count; i += 1) {
    const random = i < 2 ? ctx.random : ctx.detailRandom
    const cx = random.next() * width
    const cy = ctx.horizon * (0.12 + random.next() * 0.4)
    const scale = unit * (0.6 + random.next() * 0.8)
    const puffs: string[] = []
    for (let p = 0; p < 5; p += 1) {
      const px = cx + (p - 2) * 42 * scale
      const py = cy - Math.sin((p / 4) * Math.PI) * 26 * scale
      puffs.push(`<ellipse cx="${n(px)}" cy="${n(py)}" rx="${n(48 * scale)}" ry="${n(32 * scale)}"/>`)
    }
    clouds += puffs.join('')
  }
  if (look.style === 'Drawing') {
    // Outlines first, then the same puffs filled over them: only each cloud's outer edge stays drawn.
    return (
      `<g opacity="0.7"><g fill="none" stroke="${look.palette.ink}" ` +
      `stroke-width="${n(look.outline * unit * 1.6)}">${clouds}</g><g fill="${look.palette.sky[0]}">${clouds}</g></g>`
    )
  }
  const color = look.style === 'Industrial' ? '#9a9a9a' : look.style === 'Victorian' ? '#f3e9d2' : '#ffffff'
  const opacity = look.style === 'Photo' || look.style === 'Reflections' ? 0.55 : look.style === 'Art' ? 0.9 : 0.8
  return `<g fill="${color}" opacity="${opacity}">${clouds}</g>`
}

/** Layered hills from the horizon down (or, with farOnly, ending at the horizon, for a lake's far shore). */
export function drawGround(ctx: SceneContext, options: { layers: number; farOnly?: boolean }): string {
  const { look, width, height, unit, random } = ctx
  const ground = look.palette.ground
  const bottom = options.farOnly ? ctx.horizon : height
  let svg = ''
  for (let layer = 0; layer < options.layers; layer += 1) {
    const depth = layer / Math.max(1, options.layers - 1)
    const base = options.farOnly
      ? ctx.horizon - unit * (30 + 90 * (1 - depth))
      : ctx.horizon + (height - ctx.horizon) * depth * 0.45
    const amplitude = unit * (options.farOnly ? 70 : 55) * (1 - depth * 0.4)
    const points: Point[] = []
    const steps = 6 + random.int(0, 3)
    for (let i = 0; i <= steps; i += 1) {
      points.push({ x: (i / steps) * width * 1.1 - width * 0.05, y: base - amplitude * (0.3 + random.next() * 0.9) })
    }
    const ridge = smoothOpenPath(points)
    const shape = `${ridge}L${n(width * 1.05)} ${n(bottom)}L${n(-width * 0.05)} ${n(bottom)}Z`
    const color = ground[Math.min(ground.length - 1, Math.round(depth * (ground.length - 1)))] ?? ground[0]
    svg += groundLayer(ctx, shape, ridge, color, depth)
  }
  return svg
}

function groundLayer(ctx: SceneContext, shape: string, ridge: string, color: string, depth: number): string {
  const { look, unit } = ctx
  switch (look.ground) {
    case 'pencil': {
      const stroke = `fill="none" stroke="${look.palette.ink}" stroke-linecap="round"`
      // Two slightly different passes, as a hand goes over a line twice.
      const jitter = n((ctx.random.next() - 0.5) * 6 * unit)
      return (
        `<path d="${shape}" fill="${color}"/><path d="${ridge}" ${stroke} ` +
        `stroke-width="${n(look.outline * unit)}"/><path ` +
        `d="${ridge}" ${stroke} stroke-width="${n(look.outline * unit * 0.6)}" ` +
        `opacity="0.45" transform="translate(${jitter} ${n(3 * unit)})"/>`
      )
    }
    case 'gradient': {
      const id = ctx.uid('land')
      ctx.defs.push(
        linearGradient(id, [
          [0, color],
          [1, shade(color, -0.25 - depth * 0.1)],
        ]),
      )
      return `<path d="${shape}" fill="url(#${id})"/>`
    }
    default: {
      const outline =
        look.outline > 0
          ? ` stroke="${look.palette.ink}" stroke-width="${n(look.outline * unit)}" stroke-linejoin="round"`
          : ''
      return `<path d="${shape}" fill="${color}"${outline}/>`
    }
  }
}

/** A blob for painted shapes and subject backings: a wobbly closed curve around (cx, cy). */
export function blobPath(random: Random, cx: number, cy: number, radius: number, wobble = 0.3): string {
  const count = 7 + random.int(0, 3)
  const points: Point[] = []
  for (let i = 0; i < count; i += 1) {
    const angle = (i / count) * Math.PI * 2
    const r = radius * (1 - wobble / 2 + random.next() * wobble)
    points.push({ x: cx + Math.cos(angle) * r, y: cy + Math.sin(angle) * r })
  }
  return smoothClosedPath(points)
}

/** The colour made lighter (amount > 0) or darker (amount < 0), for gradients within one hue. */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16)
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff
    const moved = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)
    return Math.max(0, Math.min(255, Math.round(moved)))
  }
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`
}
