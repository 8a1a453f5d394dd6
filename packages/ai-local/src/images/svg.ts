/**
 * Small helpers for writing SVG text. The renderer builds one SVG document per picture and hands
 * it to librsvg (through sharp); numbers are rounded so the documents stay small.
 */

/** A coordinate rounded to 0.1 px: finer detail is invisible and only grows the SVG text. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10)
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
/** A circle as path data, so many circles can share one path element. */
export function circlePath(cx: number, cy: number, r: number): string {
  return `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0Z`
}

export interface Point {
  x: number
  y: number
}

/** A closed, smooth path through the points (Catmull-Rom turned into cubic Béziers). */
export function smoothClosedPath(points: readonly Point[]): string {
  const count = points.length
  if (count < 3) return ''
  const at = (index: number) => points[((index % count) + count) % count] as Point
  let d = `M${n(at(0).x)} ${n(at(0).y)}`
  for (let i = 0; i < count; i += 1) {
    const p0 = at(i - 1)
    const p1 = at(i)
    const p2 = at(i + 1)
    const p3 = at(i + 2)
    d +=
      `C${n(p1.x + (p2.x - p0.x) / 6)} ${n(p1.y + (p2.y - p0.y) / 6)} ` +
      `${n(p2.x - (p3.x - p1.x) / 6)} ${n(p2.y - (p3.y - p1.y) / 6)} ${n(p2.x)} ${n(p2.y)}`
  }
  return `${d}Z`
}

/** An open smooth line through the points, for ridges and brush strokes. */
export function smoothOpenPath(points: readonly Point[]): string {
  const first = points[0]
  if (!first) return ''
  let d = `M${n(first.x)} ${n(first.y)}`
  for (let i = 0; i < points.length - 1; i += 1) {
    const p0 = points[Math.max(0, i - 1)] as Point
    const p1 = points[i] as Point
    const p2 = points[i + 1] as Point
    const p3 = points[Math.min(points.length - 1, i + 2)] as Point
    d +=
      `C${n(p1.x + (p2.x - p0.x) / 6)} ${n(p1.y + (p2.y - p0.y) / 6)} ` +
      `${n(p2.x - (p3.x - p1.x) / 6)} ${n(p2.y - (p3.y - p1.y) / 6)} ${n(p2.x)} ${n(p2.y)}`
  }
  return d
}

/** A linear gradient definition; stops are [offset 0..1, colour, opacity?]. */
export function linearGradient(
  id: string,
  stops: ReadonlyArray<readonly [number, string, number?]>,
  vertical = true,
): string {
  const direction = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"'
  return `<linearGradient id="${id}" ${direction}>${stops.map(stopTag).join('')}</linearGradient>`
}

export function radialGradient(
  id: string,
  stops: ReadonlyArray<readonly [number, string, number?]>,
  attributes = '',
): string {
  return `<radialGradient id="${id}" ${attributes}>${stops.map(stopTag).join('')}</radialGradient>`
}

function stopTag([offset, color, opacity]: readonly [number, string, number?]): string {
  return `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`
}
