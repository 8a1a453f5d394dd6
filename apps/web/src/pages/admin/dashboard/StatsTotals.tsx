import { Paper, SimpleGrid, Text } from '@mantine/core'

import { formatPrice } from '../../payment/payment-format.ts'
import { formatCount, formatPercent } from '../admin-format.ts'
import type { Stats } from '../admin-types.ts'

/** The range's totals, as a description list of figures. */
export function StatsTotals({ totals }: { totals: Stats['totals'] }) {
  const figures: [string, string, string?][] = [
    ['Generations', formatCount(totals.generations), `${formatCount(totals.succeeded)} succeeded`],
    ['Failure rate', formatPercent(totals.failureRate), `${formatCount(totals.failed)} failed and refunded`],
    ['Credits spent', formatCount(totals.creditsSpent)],
    ['Sign-ups', formatCount(totals.signUps)],
    ['Revenue', formatPrice(totals.revenueCents, 'usd')],
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
