import { Paper, Text } from '@mantine/core'

import type { PlansListOutput } from '@promptly/api/plans/plan-offer.schema'

import { formatDay } from '../payment/payment-format.ts'
import { planDescription } from './plan-names.ts'

type CurrentPlan = NonNullable<PlansListOutput['current']>

/** Where the signed-in buyer stands before choosing: plan, until when, and credits. */
export function CurrentPlanSummary({ current }: { current: CurrentPlan }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="current-plan">
      <Text>
        {planDescription(current.plan)}
        {current.validTill && ` · valid till ${formatDay(current.validTill)}`}
        {` · ${current.creditsLeft} of ${current.creditsMax} credits left`}
      </Text>
    </Paper>
  )
}
