import { Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'

import { DEFAULT_STATS_RANGE } from '../admin-search.ts'
import type { Stats } from '../admin-types.ts'
import { LoadFailedAlert } from '../LoadFailedAlert.tsx'
import { useAdminSearch } from '../useAdminSearch.ts'
import { ChartFigure } from './ChartFigure.tsx'
import { DailyChart } from './DailyChart.tsx'
import { chartDays, countOf, dailySummary, dollars, toolCredits, toolCreditsSummary } from './stats-charts.ts'
import { rangeText } from './stats-period.ts'
import { StatsRangePicker } from './StatsRangePicker.tsx'
import { StatsTotals } from './StatsTotals.tsx'
import { ToolCreditsChart } from './ToolCreditsChart.tsx'
import { useAdminStats } from './useAdminStats.ts'

/** Generations, credits per tool, sign-ups and revenue over a range, with totals and the failure rate. */
export function DashboardTab() {
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
          {stats.isError ? '' : stats.data && !stats.isPlaceholderData ? rangeText(stats.data) : 'Loading the figures…'}
        </Text>
      </Group>
      {stats.isError ? (
        <LoadFailedAlert title="The figures could not be loaded" query={stats} />
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
  const days = chartDays(stats.days)
  const tools = toolCredits(stats.topTools)
  const dayRows = (value: (day: (typeof days)[number]) => string[]) => days.map((day) => [day.label, ...value(day)])
  const count = (amount: number) => amount.toLocaleString('en-US')
  return (
    <Stack gap="lg">
      <StatsTotals totals={stats.totals} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartFigure
          title="Generations per day"
          summary={dailySummary(stats.days, (day) => day.generations, countOf('generation', 'generations'))}
          table={{
            columns: ['Day', 'Generations', 'Failed'],
            rows: dayRows((day) => [count(day.generations), count(day.failed)]),
          }}
        >
          <DailyChart
            kind="line"
            days={days}
            series={[
              { name: 'generations', label: 'Generations', color: 'violet.7' },
              { name: 'failed', label: 'Failed', color: 'red.7' },
            ]}
          />
        </ChartFigure>
        <ChartFigure
          title="Credits spent per tool"
          summary={toolCreditsSummary(stats)}
          table={{ columns: ['Tool', 'Credits'], rows: tools.map((tool) => [tool.tool, count(tool.credits)]) }}
        >
          <ToolCreditsChart tools={tools} />
        </ChartFigure>
        <ChartFigure
          title="Sign-ups per day"
          summary={dailySummary(stats.days, (day) => day.signUps, countOf('sign-up', 'sign-ups'))}
          table={{ columns: ['Day', 'Sign-ups'], rows: dayRows((day) => [count(day.signUps)]) }}
        >
          <DailyChart kind="bar" days={days} series={[{ name: 'signUps', label: 'Sign-ups', color: 'blue.7' }]} />
        </ChartFigure>
        <ChartFigure
          title="Revenue per day"
          summary={dailySummary(stats.days, (day) => day.revenueCents, dollars)}
          table={{ columns: ['Day', 'Revenue'], rows: dayRows((day) => [dollars(Math.round(day.revenue * 100))]) }}
        >
          <DailyChart
            kind="bar"
            days={days}
            series={[{ name: 'revenue', label: 'Revenue', color: 'teal.7' }]}
            valueFormatter={(value) => dollars(Math.round(value * 100))}
          />
        </ChartFigure>
      </SimpleGrid>
    </Stack>
  )
}
