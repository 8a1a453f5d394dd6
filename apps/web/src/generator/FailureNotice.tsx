import { Alert, Anchor, Button, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useTranslation } from 'react-i18next'

import { useOfferFormat } from '../pages/payment/usePaymentFormat.ts'
import { useTRPC } from '../trpc/client.ts'
import { cheapestFittingOffer } from './cheapest-offer.ts'

/**
 * What went wrong with a generation, in the server's words. Out of credits, it also offers the way
 * to more (/plan), since that is the one failure the user can fix right away, and names the
 * cheapest offer that fits.
 */
export function FailureNotice({ message, outOfCredits }: { message: string; outOfCredits: boolean }) {
  const { t } = useTranslation('generator')
  if (!outOfCredits) {
    return (
      <Alert color="red" title={t('generator.failure.title')}>
        {message}
      </Alert>
    )
  }
  return (
    <Alert color="orange" title={t('generator.failure.outOfCreditsTitle')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="generator.failure.upgrade"
            components={{ anchor: <Anchor component={Link} to="/plan" fw={600} /> }}
          />
        </Text>
        <CheapestOfferLink />
      </Stack>
    </Alert>
  )
}

/** The cheapest offer the user can buy now, linked to its card on /plan; nothing while the plans load or fail. */
function CheapestOfferLink() {
  const trpc = useTRPC()
  const plans = useQuery(trpc.plans.list.queryOptions())
  const { t } = useTranslation('generator')
  const { price, credits, offerName } = useOfferFormat()
  const offer = plans.data ? cheapestFittingOffer(plans.data) : null
  if (!offer) return null
  return (
    <Button component={Link} to="/plan" hash={`plan-${offer.key}`} size="xs" variant="light" color="orange">
      {t('generator.failure.cheapest', {
        name: offerName(offer.name),
        credits: credits(offer.credits),
        price: price(offer.priceCents, offer.currency),
      })}
    </Button>
  )
}
