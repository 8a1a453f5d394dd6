import { BarChart } from '@mantine/charts'
import { Text } from '@mantine/core'

import { useAdminText } from '../useAdminText.ts'
import type { ToolCredits } from './stats-charts.ts'

/** Credits spent per tool, one horizontal bar each (tool names are long); nothing to draw says so. */
export function ToolCreditsChart({ tools }: { tools: ToolCredits[] }) {
  const { t, format } = useAdminText()
  if (tools.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="lg" ta="center">
        {t('admin.dashboard.charts.noToolCredits')}
      </Text>
    )
  }
  return (
    <BarChart
      h={Math.max(120, tools.length * 36 + 40)}
      data={tools}
      dataKey="tool"
      orientation="vertical"
      series={[{ name: 'credits', label: t('admin.dashboard.charts.credits'), color: 'teal.7' }]}
      valueFormatter={format.number}
      yAxisProps={{ width: 160 }}
      xAxisProps={{ allowDecimals: false }}
      barChartProps={{ accessibilityLayer: false }}
    />
  )
}
