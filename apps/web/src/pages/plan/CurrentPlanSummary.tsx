import { Paper, Text } from '@mantine/core'

import type { PlansListOutput } from '@promptly/api/plans/plan-offer.schema'

import { usePaymentFormat } from '../payment/usePaymentFormat.ts'

type CurrentPlan = NonNullable<PlansListOutput['current']>

/** Where the signed-in buyer stands before choosing: plan, until when, and credits. */
export function CurrentPlanSummary({ current }: { current: CurrentPlan }) {
  const { t, date, planName } = usePaymentFormat()
  const parts = [
    planName(current.plan),
    current.validTill && t('plan.current.validTill', { date: date(current.validTill) }),
    t('plan.current.creditsLeft', { count: current.creditsLeft, total: current.creditsMax }),
  ]
  return (
    <Paper withBorder radius="md" p="md" data-testid="current-plan">
      <Text>{parts.filter(Boolean).join(' · ')}</Text>
    </Paper>
  )
}
