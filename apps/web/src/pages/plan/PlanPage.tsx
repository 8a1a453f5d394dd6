import { Alert, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

import { toast } from '../../components/toast.ts'
import { usePageTitle } from '../../components/usePageTitle.ts'
import { useTRPC } from '../../trpc/client.ts'
import { CurrentPlanSummary } from './CurrentPlanSummary.tsx'
import classes from './plan.module.css'
import { PlanCard } from './PlanCard.tsx'
import { useBuyPlan } from './useBuyPlan.ts'

/** The order the cards read in: the plans, then the top-up (offered only while a paid plan runs). */
const CARD_ORDER = ['MONTHLY', 'YEARLY', 'TOPUP'] as const

export function PlanPage() {
  const { t } = useTranslation('account')
  usePageTitle(t('plan.page.title'))
  const trpc = useTRPC()
  const plans = useQuery(trpc.plans.list.queryOptions())
  const { buy, pending } = useBuyPlan()

  useEffect(() => {
    if (plans.isError) toast.error(t('plan.page.loadError'), 'plans-error')
  }, [plans.isError, t])

  const offers = (plans.data?.offers ?? [])
    .filter((offer) => offer.key !== 'TOPUP' || plans.data?.showTop)
    .sort((a, b) => CARD_ORDER.indexOf(a.key) - CARD_ORDER.indexOf(b.key))

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('plan.page.heading')}</Title>
          <Text c="dimmed">{t('plan.page.lead')}</Text>
        </Stack>
        {plans.data?.current && <CurrentPlanSummary current={plans.data.current} />}
        {plans.isPending ? (
          <Group gap="lg" aria-label={t('plan.page.loading')} role="status">
            <Skeleton width={200} height={320} radius="lg" />
            <Skeleton width={200} height={320} radius="lg" />
          </Group>
        ) : plans.isError ? (
          <Alert color="red" title={t('plan.page.unavailable')} role="alert">
            <Group gap="sm">
              <Text size="sm">{t('plan.page.loadError')}</Text>
              <Button size="xs" variant="light" onClick={() => void plans.refetch()}>
                {t('plan.page.retry')}
              </Button>
            </Group>
          </Alert>
        ) : offers.length === 0 ? (
          <Text c="dimmed">{t('plan.page.none')}</Text>
        ) : (
          // Focusable so that keyboard users can scroll the row when the cards overflow it.
          <div className={classes.cards} role="region" aria-label={t('plan.page.cards')} tabIndex={0}>
            {offers.map((offer) => (
              <PlanCard
                key={offer.key}
                offer={offer}
                busy={pending === offer.key}
                disabled={pending !== null && pending !== offer.key}
                onBuy={() => buy(offer.key)}
              />
            ))}
          </div>
        )}
      </Stack>
    </Container>
  )
}
