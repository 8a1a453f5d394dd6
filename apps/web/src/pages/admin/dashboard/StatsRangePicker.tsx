import { SegmentedControl } from '@mantine/core'

import { STATS_RANGES, type StatsRangeDays } from '../admin-search.ts'
import { useAdminText } from '../useAdminText.ts'

/** The dashboard's range: the last 7, 30 or 90 days, or a year, each ending today. */
export function StatsRangePicker({
  days,
  onChange,
}: {
  days: StatsRangeDays
  onChange: (days: StatsRangeDays) => void
}) {
  const { t } = useAdminText()
  return (
    <SegmentedControl
      aria-label={t('admin.dashboard.range.label')}
      value={String(days)}
      onChange={(value) => onChange(STATS_RANGES.find((range) => String(range) === value) ?? days)}
      data={STATS_RANGES.map((range) => ({ value: String(range), label: t(`admin.dashboard.range.${range}`) }))}
    />
  )
}
