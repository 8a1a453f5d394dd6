import { Alert, Button, Group, Loader, Text } from '@mantine/core'
import { getRouteApi, Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { StaticPage } from '../../components/StaticPage.tsx'
import { useIdentity } from '../../identity/identity-context.ts'
import { NextStepLinks } from './NextStepLinks.tsx'
import { usePaymentFormat } from './usePaymentFormat.ts'
import { usePurchaseConfirmation } from './usePurchaseConfirmation.ts'

const route = getRouteApi('/success')

function NextSteps() {
  const { t } = useTranslation('account')
  return (
    <NextStepLinks
      main={{ to: '/', label: t('plan.success.browseTools') }}
      other={{ to: '/profile', label: t('plan.success.goToProfile') }}
    />
  )
}

/** Where the payment provider returns after a completed checkout ('Success'). */
export function PaymentSuccessPage() {
  const { t } = useTranslation('account')
  const { session_id: sessionId } = route.useSearch()
  const { status, user } = useIdentity()
  return (
    <StaticPage title={t('plan.success.title')}>
      {sessionId && status === 'loading' ? (
        <Confirming />
      ) : sessionId && user ? (
        <PurchaseConfirmation sessionId={sessionId} />
      ) : (
        <Text>{t('plan.success.thanks')}</Text>
      )}
      <NextSteps />
    </StaticPage>
  )
}

function PurchaseConfirmation({ sessionId }: { sessionId: string }) {
  const { t, number, offerName } = usePaymentFormat()
  const { status, gaveUp } = usePurchaseConfirmation(sessionId)
  const purchase = status.data?.purchase
  const creditsLeft = status.data?.creditsLeft ?? 0
  let body: ReactNode
  if (status.isError) {
    body = (
      <Alert color="red" title={t('plan.success.notFound')} role="alert">
        {t('plan.success.notFoundHelp')}
      </Alert>
    )
  } else if (!purchase || (purchase.status === 'pending' && !gaveUp)) {
    body = <Confirming />
  } else if (purchase.status === 'pending') {
    body = <Text role="status">{t('plan.success.stillPending')}</Text>
  } else if (purchase.status === 'paid') {
    body = (
      <Alert
        color="violet"
        title={t('plan.success.added', { count: purchase.credits, amount: number(purchase.credits) })}
        role="status"
        data-testid="payment-paid"
      >
        {t('plan.success.paid', { count: creditsLeft, amount: number(creditsLeft), name: offerName(purchase.name) })}
      </Alert>
    )
  } else {
    body = (
      <Alert color="red" title={t('plan.success.failed')} role="alert">
        <Group gap="sm">
          <Text size="sm">{t('plan.success.noCreditsAdded')}</Text>
          <Button component={Link} to="/plan" size="xs" variant="light">
            {t('plan.success.backToPlans')}
          </Button>
        </Group>
      </Alert>
    )
  }
  return body
}

function Confirming() {
  const { t } = useTranslation('account')
  return (
    <Group gap="sm" role="status" aria-live="polite" data-testid="payment-confirming">
      <Loader size="sm" aria-hidden />
      <Text>{t('plan.success.confirming')}</Text>
    </Group>
  )
}
