import { Button, Group, Skeleton, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'

import type { Viewer } from '@promptly/core/identity/user'

import { HeadedSection } from '../../components/HeadedSection.tsx'
import { toast } from '../../components/toast.ts'
import { useTRPC } from '../../trpc/client.ts'
import { usePaymentFormat } from '../payment/usePaymentFormat.ts'
import { TransactionHistory } from './transactions/TransactionHistory.tsx'

/** The free plan is the 7-day trial; once its end has passed, its credits have expired too. */
function trialIsOver(user: Viewer): boolean {
  return user.trialEndsAt !== null && user.trialEndsAt.getTime() <= Date.now()
}

export function PlanAndCredits({ user }: { user: Viewer }) {
  const { t, date, planName } = usePaymentFormat()
  const trpc = useTRPC()
  const limits = useQuery(trpc.credits.limits.queryOptions())
  const plans = useQuery(trpc.plans.list.queryOptions())

  useEffect(() => {
    if (limits.isError || plans.isError) toast.error(t('profile.credits.loadError'), 'limits-error')
  }, [limits.isError, plans.isError, t])

  const plan = limits.data?.plan ?? user.plan
  const current = plans.data?.current
  return (
    <HeadedSection card id="credits" title={t('profile.credits.heading')}>
      {/* An unverified account has no trial yet: the verification notice above says how to start it. */}
      {plan === 'free' && user.emailVerified && (
        <Text>{trialIsOver(user) ? t('profile.credits.trialEnded') : t('profile.credits.trialPlan')}</Text>
      )}
      {plan !== 'free' && (
        <Text data-testid="current-plan">
          {current?.validTill
            ? t('profile.credits.planValidTill', { plan: planName(plan), date: date(current.validTill) })
            : planName(plan)}
        </Text>
      )}
      {limits.isPending ? (
        <Skeleton height={24} width={160} aria-label={t('profile.credits.loading')} />
      ) : limits.data ? (
        <Text size="lg" fw={600} data-testid="credits">
          {t('profile.credits.left', { count: limits.data.current_limit, total: limits.data.max_limit })}
        </Text>
      ) : (
        <Text c="dimmed">{t('profile.credits.unavailable')}</Text>
      )}
      <Group>
        <Button component={Link} to="/plan">
          {t('profile.credits.upgrade')}
        </Button>
        <TransactionHistory />
      </Group>
    </HeadedSection>
  )
}
