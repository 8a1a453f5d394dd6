import { Paper, SimpleGrid, Text } from '@mantine/core'

import { formatPercent } from '../admin-format.ts'
import type { Stats } from '../admin-types.ts'
import { useAdminText } from '../useAdminText.ts'

/** The range's totals, as a description list of figures. */
export function StatsTotals({ totals }: { totals: Stats['totals'] }) {
  const text = useAdminText()
  const { t, format } = text
  const figures: [string, string, string?][] = [
    [
      t('admin.dashboard.totals.generations'),
      format.number(totals.generations),
      t('admin.dashboard.totals.succeeded', { amount: format.number(totals.succeeded) }),
    ],
    [
      t('admin.dashboard.totals.failureRate'),
      formatPercent(text, totals.failureRate),
      t('admin.dashboard.totals.failedRefunded', { amount: format.number(totals.failed) }),
    ],
    [t('admin.dashboard.totals.creditsSpent'), format.number(totals.creditsSpent)],
    [t('admin.dashboard.totals.signUps'), format.number(totals.signUps)],
    [t('admin.dashboard.totals.revenue'), format.dollars(totals.revenueCents / 100)],
  ]
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} component="dl" m={0} data-testid="stats-totals">
      {figures.map(([term, value, note]) => (
        <Paper key={term} withBorder p="sm" radius="md">
          <Text component="dt" size="sm" c="dimmed">
            {term}
          </Text>
          <Text component="dd" m={0} fw={700} fz="xl">
            {value}
          </Text>
          {note && (
            <Text component="dd" m={0} size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  )
}
