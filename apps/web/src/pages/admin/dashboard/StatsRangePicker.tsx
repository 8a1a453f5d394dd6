import { SegmentedControl } from '@mantine/core'

import { STATS_RANGES, type StatsRangeDays } from '../admin-search.ts'

const RANGE_LABELS: Record<StatsRangeDays, string> = { 7: '7 days', 30: '30 days', 90: '90 days', 365: 'A year' }

/** The dashboard's range: the last 7, 30 or 90 days, or a year, each ending today. */
export function StatsRangePicker({
  days,
  onChange,
}: {
  days: StatsRangeDays
  onChange: (days: StatsRangeDays) => void
}) {
  return (
    <SegmentedControl
      aria-label="Range"
      value={String(days)}
      onChange={(value) => onChange(STATS_RANGES.find((range) => String(range) === value) ?? days)}
      data={STATS_RANGES.map((range) => ({ value: String(range), label: RANGE_LABELS[range] }))}
    />
  )
}
