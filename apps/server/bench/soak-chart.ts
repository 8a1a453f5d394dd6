import type { MinuteFigures } from './soak-figures.ts'
import { SOAK_KINDS } from './soak-settings.ts'

/** One line on a panel: a value per minute (null where there was none). */
interface Series {
  label: string
  values: (number | null)[]
}

interface Panel {
  title: string
  unit: string
  /** Log scale for values spread over decades (latencies from milliseconds to seconds). */
  log: boolean
  series: Series[]
}

const WIDTH = 900
const PANEL_HEIGHT = 300
const MARGIN = { left: 70, right: 190, top: 40, bottom: 40 }
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#17becf']

/** The run as an SVG document: RSS per instance, then p99 per kind (log scale), over the minutes. */
export function soakChartSvg(figures: readonly MinuteFigures[], title: string): string {
  const rss: Panel = {
    title: 'Resident memory per instance (mean of the minute)',
    unit: 'MB',
    log: false,
    series: (figures[0]?.instances ?? []).map((instance, index) => ({
      label: instance.name,
      values: figures.map((m) => nullable(m.instances[index]?.rssMeanBytes, (bytes) => bytes / 1024 / 1024)),
    })),
  }
  const p99: Panel = {
    title: 'p99 latency per kind',
    unit: 'ms',
    log: true,
    series: SOAK_KINDS.map((kind) => ({ label: kind, values: figures.map((m) => m.kinds[kind].p99Ms) })),
  }
  const height = 2 * PANEL_HEIGHT + 30
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" ` +
      `font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${WIDTH / 2}" y="18" text-anchor="middle" font-size="14">${escapeXml(title)}</text>`,
    drawPanel(rss, figures.length, 30),
    drawPanel(p99, figures.length, 30 + PANEL_HEIGHT),
    '</svg>',
    '',
  ].join('\n')
}

function drawPanel(panel: Panel, minutes: number, top: number): string {
  const plot = { x: MARGIN.left, y: top + MARGIN.top, w: WIDTH - MARGIN.left - MARGIN.right, h: PANEL_HEIGHT - 90 }
  const values = panel.series.flatMap((series) => series.values.filter((value): value is number => value !== null))
  const scale = yScale(values, panel.log)
  const x = (minute: number) => plot.x + (minutes <= 1 ? plot.w / 2 : ((minute - 1) / (minutes - 1)) * plot.w)
  const y = (value: number) => plot.y + plot.h - scale.fraction(value) * plot.h
  const parts = [
    `<text x="${plot.x}" y="${top + 24}" font-size="13">${escapeXml(panel.title)} (${panel.unit})</text>`,
    `<rect x="${plot.x}" y="${plot.y}" width="${plot.w}" height="${plot.h}" fill="none" stroke="#999"/>`,
  ]
  for (const tick of scale.ticks) {
    parts.push(
      `<line x1="${plot.x}" x2="${plot.x + plot.w}" y1="${y(tick)}" y2="${y(tick)}" stroke="#eee"/>`,
      `<text x="${plot.x - 6}" y="${y(tick) + 4}" text-anchor="end">${formatTick(tick)}</text>`,
    )
  }
  const step = Math.max(1, Math.ceil(minutes / 15))
  for (let minute = 1; minute <= minutes; minute += step) {
    parts.push(`<text x="${x(minute)}" y="${plot.y + plot.h + 16}" text-anchor="middle">${minute}</text>`)
  }
  parts.push(`<text x="${plot.x + plot.w / 2}" y="${plot.y + plot.h + 32}" text-anchor="middle">minute</text>`)
  panel.series.forEach((series, index) => {
    const colour = COLOURS[index % COLOURS.length]!
    const points = series.values.flatMap((value, minute) =>
      value === null ? [] : [`${x(minute + 1).toFixed(1)},${y(value).toFixed(1)}`],
    )
    if (points.length > 1)
      parts.push(`<polyline fill="none" stroke="${colour}" stroke-width="1.5" points="${points.join(' ')}"/>`)
    for (const point of points) {
      const [cx, cy] = point.split(',')
      parts.push(`<circle cx="${cx}" cy="${cy}" r="2.5" fill="${colour}"/>`)
    }
    const legendY = plot.y + 6 + index * 18
    parts.push(
      `<line x1="${plot.x + plot.w + 16}" x2="${plot.x + plot.w + 36}" y1="${legendY}" y2="${legendY}" ` +
        `stroke="${colour}" stroke-width="2"/>`,
      `<text x="${plot.x + plot.w + 42}" y="${legendY + 4}">${escapeXml(series.label)}</text>`,
    )
  })
  return parts.join('\n')
}

interface YScale {
  /** Where a value falls between the bottom (0) and the top (1). */
  fraction(value: number): number
  ticks: number[]
}

function yScale(values: readonly number[], log: boolean): YScale {
  if (log) {
    const low = Math.floor(Math.log10(Math.max(Math.min(...values, 1), 0.1)))
    const high = Math.max(low + 1, Math.ceil(Math.log10(Math.max(...values, 1))))
    const fraction = (value: number) => (Math.log10(Math.max(value, 10 ** low)) - low) / (high - low)
    const ticks = Array.from({ length: high - low + 1 }, (_, index) => 10 ** (low + index))
    return { fraction, ticks }
  }
  const top = niceCeiling(Math.max(...values, 1) * 1.1)
  return { fraction: (value) => value / top, ticks: Array.from({ length: 5 }, (_, index) => (top * index) / 4) }
}

/** 1, 2 or 5 times a power of ten, at or above `value`. */
function niceCeiling(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value))
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power
}

function formatTick(value: number): string {
  return value >= 1 ? String(Math.round(value)) : String(value)
}

function nullable(value: number | null | undefined, map: (value: number) => number): number | null {
  return value === null || value === undefined ? null : map(value)
}

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
}
