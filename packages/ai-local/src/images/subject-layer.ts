import type { Icon } from './icon-library.ts'
import { blobPath, type SceneContext } from './scene.ts'
import { n, radialGradient } from './svg.ts'

/**
 * Places the subjects' icons in the scene: the first (the prompt's main noun) largest, the others
 * smaller and a little further back, in columns shuffled by the seeded random so each picture is
 * composed differently. Each style gives them its own backing (a badge, a paint blob, a pencil
 * ring, a cameo, a shadow).
 */

export interface SubjectPlacement {
  icon: Icon
  x: number
  /** Top edge. */
  y: number
  size: number
}

export function placeSubjects(ctx: SceneContext, icons: readonly Icon[]): SubjectPlacement[] {
  const { width, height, unit, random } = ctx
  const count = icons.length
  const columns = random.sample(
    Array.from({ length: count }, (_, index) => index),
    count,
  )
  const margin = 70 * unit
  const placements = icons.map((icon, index) => {
    const hero = index === 0
    const size = unit * (hero ? (count === 1 ? 430 : 360) : 250 - count * 12) * (0.9 + random.next() * 0.2)
    const column = columns[index] ?? index
    const centre = ((column + 0.5) / count) * width + (random.next() - 0.5) * (width / count) * 0.35
    // Where it stands: at the water's edge for a reflection, else on the ground, nearer for the hero.
    const feet =
      ctx.look.scenery === 'lake'
        ? ctx.horizon + size * 0.04
        : ctx.horizon + (height - ctx.horizon) * (hero ? 0.62 + random.next() * 0.12 : 0.3 + random.next() * 0.2)
    const x = clamp(centre - size / 2, margin, width - margin - size)
    const y = clamp(feet - size, margin, height - margin - size)
    return { icon, x, y, size }
  })
  // Further (smaller) subjects first, so the hero is drawn over them.
  return placements.reverse()
}

export function drawSubjects(ctx: SceneContext, placements: readonly SubjectPlacement[]): string {
  let backings = ''
  let icons = ''
  placements.forEach((placement, index) => {
    backings += backing(ctx, placement)
    icons += iconSvg(placement, `s${index}`)
  })
  const saturation = ctx.look.subjectSaturation
  if (saturation >= 1) return backings + icons
  const filter = ctx.uid('tone')
  ctx.defs.push(`<filter id="${filter}"><feColorMatrix type="saturate" values="${saturation}"/></filter>`)
  return `${backings}<g filter="url(#${filter})">${icons}</g>`
}

function backing(ctx: SceneContext, { x, y, size }: SubjectPlacement): string {
  const { look, unit, random } = ctx
  const cx = x + size / 2
  const cy = y + size / 2
  const { palette } = look
  switch (look.subjectBacking) {
    case 'badge':
      return (
        `<circle cx="${n(cx + 10 * unit)}" cy="${n(cy + 14 * unit)}" r="${n(size * 0.6)}" ` +
        `fill="${palette.ink}" opacity="0.12"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(size * 0.6)}" ` +
        `fill="#ffffff"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(size * 0.6)}" ` +
        `fill="none" stroke="${palette.accents[0] ?? palette.ink}" stroke-width="${n(6 * unit)}"/>`
      )
    case 'blob':
      return (
        `<path d="${blobPath(random, cx, cy, size * 0.66, 0.4)}" fill="${random.pick(palette.accents)}" ` +
        `stroke="${palette.ink}" stroke-width="${n(look.outline * unit)}"/>`
      )
    case 'pencil-ring': {
      const ring = (dx: number, dy: number, opacity: number) =>
        `<ellipse cx="${n(cx + dx)}" cy="${n(cy + dy)}" rx="${n(size * 0.62)}" ry="${n(size * 0.58)}" ` +
        `fill="none" stroke="${palette.ink}" stroke-width="${n(1.6 * unit)}" opacity="${opacity}"/>`
      return ring(0, 0, 0.6) + ring(4 * unit, -3 * unit, 0.35)
    }
    case 'cameo':
      return (
        `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(size * 0.6)}" ry="${n(size * 0.68)}" ` +
        `fill="${palette.sky[0]}" stroke="${palette.accents[1] ?? palette.ink}" ` +
        `stroke-width="${n(7 * unit)}"/><ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(size * 0.54)}" ` +
        `ry="${n(size * 0.62)}" fill="none" stroke="${palette.ink}" stroke-width="${n(1.5 * unit)}"/>`
      )
    case 'shadow': {
      const id = ctx.uid('shadow')
      ctx.defs.push(
        radialGradient(id, [
          [0, '#000000', 0.45],
          [1, '#000000', 0],
        ]),
      )
      return (
        `<ellipse cx="${n(cx)}" cy="${n(y + size * 0.97)}" ` +
        `rx="${n(size * 0.5)}" ry="${n(size * 0.1)}" fill="url(#${id})"/>`
      )
    }
    case 'none':
      return ''
  }
}

/** The icon as a nested SVG; its own ids are made unique, as the same icon may appear twice. */
function iconSvg({ icon, x, y, size }: SubjectPlacement, suffix: string): string {
  const body = icon.body
    .replace(/id="([^"]+)"/g, `id="$1-${suffix}"`)
    .replace(/url\(#([^)]+)\)/g, `url(#$1-${suffix})`)
    .replace(/href="#([^"]+)"/g, `href="#$1-${suffix}"`)
  const nested = `<svg width="${n(size)}" height="${n(size)}" viewBox="0 0 ${icon.width} ${icon.height}">${body}</svg>`
  const transform = icon.hFlip ? `translate(${n(x + size)} ${n(y)}) scale(-1 1)` : `translate(${n(x)} ${n(y)})`
  return `<g transform="${transform}">${nested}</g>`
}

function clamp(value: number, min: number, max: number): number {
  return max < min ? (min + max) / 2 : Math.min(max, Math.max(min, value))
}
