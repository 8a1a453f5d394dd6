import { Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'

import { DEFAULT_STATS_RANGE } from '../admin-search.ts'
import type { Stats } from '../admin-types.ts'
import { LoadFailedAlert } from '../LoadFailedAlert.tsx'
import { useAdminSearch } from '../useAdminSearch.ts'
import { useAdminText } from '../useAdminText.ts'
import { ChartFigure } from './ChartFigure.tsx'
import { DailyChart } from './DailyChart.tsx'
import { chartDays, countOf, dailySummary, dollarsOf, toolCredits, toolCreditsSummary } from './stats-charts.ts'
import { rangeText } from './stats-period.ts'
import { StatsRangePicker } from './StatsRangePicker.tsx'
import { StatsTotals } from './StatsTotals.tsx'
import { ToolCreditsChart } from './ToolCreditsChart.tsx'
import { useAdminStats } from './useAdminStats.ts'

/** Generations, credits per tool, sign-ups and revenue over a range, with totals and the failure rate. */
export function DashboardTab() {
  const text = useAdminText()
  const { t } = text
  const { search, update } = useAdminSearch()
  const days = search.days ?? DEFAULT_STATS_RANGE
  const stats = useAdminStats(days)

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <StatsRangePicker
          days={days}
          onChange={(next) => update({ days: next === DEFAULT_STATS_RANGE ? undefined : next })}
        />
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {stats.isError
            ? ''
            : stats.data && !stats.isPlaceholderData
              ? rangeText(text, stats.data)
              : t('admin.dashboard.loading')}
        </Text>
      </Group>
      {stats.isError ? (
        <LoadFailedAlert title={t('admin.dashboard.loadFailed')} query={stats} />
      ) : stats.data ? (
        <StatsView stats={stats.data} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-hidden>
          {[0, 1, 2, 3].map((chart) => (
            <Skeleton key={chart} height={300} radius="md" />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}

function StatsView({ stats }: { stats: Stats }) {
  const text = useAdminText()
  const { t, format } = text
  const days = chartDays(format.language, stats.days)
  const tools = toolCredits(text, stats.topTools)
  const dayRows = (value: (day: (typeof days)[number]) => string[]) => days.map((day) => [day.label, ...value(day)])
  const count = format.number
  const dollars = dollarsOf(text)
  const label = {
    day: t('admin.dashboard.charts.day'),
    generations: t('admin.dashboard.charts.generations'),
    failed: t('admin.dashboard.charts.failed'),
    signUps: t('admin.dashboard.charts.signUps'),
    revenue: t('admin.dashboard.charts.revenue'),
  }
  return (
    <Stack gap="lg">
      <StatsTotals totals={stats.totals} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartFigure
          title={t('admin.dashboard.charts.generationsTitle')}
          summary={dailySummary(text, stats.days, (day) => day.generations, countOf(text, 'generations'))}
          table={{
            columns: [label.day, label.generations, label.failed],
            rows: dayRows((day) => [count(day.generations), count(day.failed)]),
          }}
        >
          <DailyChart
            kind="line"
            days={days}
            series={[
              { name: 'generations', label: label.generations, color: 'violet.7' },
              { name: 'failed', label: label.failed, color: 'red.7' },
            ]}
            valueFormatter={count}
          />
        </ChartFigure>
        <ChartFigure
          title={t('admin.dashboard.charts.toolCreditsTitle')}
          summary={toolCreditsSummary(text, stats)}
          table={{
            columns: [t('admin.dashboard.charts.tool'), t('admin.dashboard.charts.credits')],
            rows: tools.map((tool) => [tool.tool, count(tool.credits)]),
          }}
        >
          <ToolCreditsChart tools={tools} />
        </ChartFigure>
        <ChartFigure
          title={t('admin.dashboard.charts.signUpsTitle')}
          summary={dailySummary(text, stats.days, (day) => day.signUps, countOf(text, 'signUps'))}
          table={{ columns: [label.day, label.signUps], rows: dayRows((day) => [count(day.signUps)]) }}
        >
          <DailyChart
            kind="bar"
            days={days}
            series={[{ name: 'signUps', label: label.signUps, color: 'blue.7' }]}
            valueFormatter={count}
          />
        </ChartFigure>
        <ChartFigure
          title={t('admin.dashboard.charts.revenueTitle')}
          summary={dailySummary(text, stats.days, (day) => day.revenueCents, dollars)}
          table={{
            columns: [label.day, label.revenue],
            rows: dayRows((day) => [dollars(Math.round(day.revenue * 100))]),
          }}
        >
          <DailyChart
            kind="bar"
            days={days}
            series={[{ name: 'revenue', label: label.revenue, color: 'teal.7' }]}
            valueFormatter={(value) => dollars(Math.round(value * 100))}
          />
        </ChartFigure>
      </SimpleGrid>
    </Stack>
  )
}
