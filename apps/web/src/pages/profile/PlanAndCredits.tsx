import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'

import type { Viewer } from '@promptly/core/identity/user'
import { MESSAGES } from '@promptly/core/messages'

import { SectionCard } from '../../components/SectionCard.tsx'
import { toast } from '../../components/toast.ts'
import { useTRPC } from '../../trpc/client.ts'
import { formatDay } from '../payment/payment-format.ts'
import { planDescription } from '../plan/plan-names.ts'
import { TransactionHistory } from './transactions/TransactionHistory.tsx'

/** The free plan is the 7-day trial; once its end has passed, its credits have expired too. */
function trialIsOver(user: Viewer): boolean {
  return user.trialEndsAt !== null && user.trialEndsAt.getTime() <= Date.now()
}

export function PlanAndCredits({ user }: { user: Viewer }) {
  const trpc = useTRPC()
  const limits = useQuery(trpc.credits.limits.queryOptions())
  const plans = useQuery(trpc.plans.list.queryOptions())

  useEffect(() => {
    if (limits.isError || plans.isError) toast.error(MESSAGES.planError, 'limits-error')
  }, [limits.isError, plans.isError])

  const plan = limits.data?.plan ?? user.plan
  const current = plans.data?.current
  return (
    <SectionCard aria-labelledby="credits-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="credits-heading">
          Plan and credits
        </Title>
        {/* An unverified account has no trial yet: the verification notice above says how to start it. */}
        {plan === 'free' && user.emailVerified && (
          <Text>{trialIsOver(user) ? MESSAGES.trialEnded : MESSAGES.trialPlan}</Text>
        )}
        {plan !== 'free' && (
          <Text data-testid="current-plan">
            {planDescription(plan)}
            {current?.validTill && `, valid till ${formatDay(current.validTill)}`}
          </Text>
        )}
        {limits.isPending ? (
          <Skeleton height={24} width={160} aria-label="Loading credits" />
        ) : limits.data ? (
          <Text size="lg" fw={600} data-testid="credits">
            {limits.data.current_limit} of {limits.data.max_limit} left
          </Text>
        ) : (
          <Text c="dimmed">Credits are unavailable right now.</Text>
        )}
        <Group>
          <Button component={Link} to="/plan">
            Upgrade Plan
          </Button>
          <TransactionHistory />
        </Group>
      </Stack>
    </SectionCard>
  )
}
