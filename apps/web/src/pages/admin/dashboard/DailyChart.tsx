import { BarChart, LineChart } from '@mantine/charts'
import type { YAxisProps } from 'recharts'

import type { ChartDay } from './stats-charts.ts'

export interface DailySeries {
  name: keyof Omit<ChartDay, 'label'>
  label: string
  color: string
}

interface DailyChartProps {
  kind: 'line' | 'bar'
  days: ChartDay[]
  series: DailySeries[]
  valueFormatter?: (value: number) => string
}

/** Zero is always the floor, and an all-zero range still has a scale (0 to 1), not a collapsed axis. */
const Y_AXIS: Omit<YAxisProps, 'ref'> = { allowDecimals: false, domain: [0, (dataMax: number) => Math.max(dataMax, 1)] }
// Recharts makes the drawing focusable for its own keyboard tooltips; ChartFigure gives its data as a table instead.
const NOT_FOCUSABLE = { accessibilityLayer: false }

/** A per-day chart over the range, oldest day first. */
export function DailyChart({ kind, days, series, valueFormatter }: DailyChartProps) {
  const common = {
    h: 220,
    data: days,
    dataKey: 'label',
    series,
    valueFormatter,
    yAxisProps: Y_AXIS,
    withLegend: series.length > 1,
    tickLine: 'y' as const,
  }
  return kind === 'line' ? (
    <LineChart {...common} curveType="linear" withDots={days.length <= 31} lineChartProps={NOT_FOCUSABLE} />
  ) : (
    <BarChart {...common} barChartProps={NOT_FOCUSABLE} />
  )
}
