import { Button, Paper, Stack, Text, Title } from '@mantine/core'

import type { PlanOfferView } from '@promptly/api/plans/plan-offer.schema'

import { useHydrated } from '../../app/useHydrated.ts'
import { usePaymentFormat } from '../payment/usePaymentFormat.ts'
import classes from './plan.module.css'

interface PlanCardProps {
  offer: PlanOfferView
  /** This card's checkout is being opened. */
  busy: boolean
  /** Another card's checkout is being opened. */
  disabled: boolean
  onBuy: () => void
}

/** One offer: validity, price in dollars, credits and Buy. */
export function PlanCard({ offer, busy, disabled, onBuy }: PlanCardProps) {
  // A server-rendered Buy does nothing until React takes it over: disabled until then.
  const hydrated = useHydrated()
  const { t, price, credits, validity, offerName } = usePaymentFormat()
  const name = offerName(offer.name)
  const cost = price(offer.priceCents, offer.currency)
  const headingId = `plan-${offer.key}`
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      className={classes.card}
      component="article"
      aria-labelledby={headingId}
      data-testid={`plan-card-${offer.key}`}
    >
      <Stack gap="xs" style={{ flex: 1 }}>
        <Title order={2} size="h3" id={headingId}>
          {name}
        </Title>
        <Text size="sm" c="dimmed">
          {validity(offer)}
        </Text>
        <Text fz={32} fw={700} lh={1.2}>
          {cost}
        </Text>
        <Text fw={600}>{credits(offer.credits)}</Text>
      </Stack>
      <Button
        fullWidth
        onClick={onBuy}
        loading={busy}
        disabled={disabled || !hydrated}
        aria-label={t('plan.card.buyLabel', { name, price: cost })}
      >
        {t('plan.card.buy')}
      </Button>
    </Paper>
  )
}
