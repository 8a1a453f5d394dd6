import { Alert, Button, Group, Loader, Text } from '@mantine/core'
import { getRouteApi, Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { StaticPage } from '../../components/StaticPage.tsx'
import { useIdentity } from '../../identity/identity-context.ts'
import { formatCredits } from './payment-format.ts'
import { usePurchaseConfirmation } from './usePurchaseConfirmation.ts'

const route = getRouteApi('/success')

const NEXT_STEPS = (
  <Group>
    <Button component={Link} to="/">
      Browse tools
    </Button>
    <Button component={Link} to="/profile" variant="default">
      Go to my profile
    </Button>
  </Group>
)

/** Where the payment provider returns after a completed checkout ('Success'). */
export function PaymentSuccessPage() {
  const { session_id: sessionId } = route.useSearch()
  const { status, user } = useIdentity()
  return (
    <StaticPage title="Success">
      {sessionId && status === 'loading' ? (
        <Confirming />
      ) : sessionId && user ? (
        <PurchaseConfirmation sessionId={sessionId} />
      ) : (
        <Text>
          Thank you for your purchase. Your credits are added to your account as soon as the payment is confirmed.
        </Text>
      )}
      {NEXT_STEPS}
    </StaticPage>
  )
}

function PurchaseConfirmation({ sessionId }: { sessionId: string }) {
  const { status, gaveUp } = usePurchaseConfirmation(sessionId)
  const purchase = status.data?.purchase
  const creditsLeft = status.data?.creditsLeft ?? 0
  let body: ReactNode
  if (status.isError) {
    body = (
      <Alert color="red" title="This payment cannot be found" role="alert">
        It may belong to another account. Your transaction history on your profile lists your purchases.
      </Alert>
    )
  } else if (!purchase || (purchase.status === 'pending' && !gaveUp)) {
    body = <Confirming />
  } else if (purchase.status === 'pending') {
    body = (
      <Text role="status">
        Your payment is still being confirmed. Your credits are added as soon as it is; the purchase is listed in your
        transaction history meanwhile.
      </Text>
    )
  } else if (purchase.status === 'paid') {
    body = (
      <Alert color="violet" title={`${formatCredits(purchase.credits)} added`} role="status" data-testid="payment-paid">
        Thank you for your purchase ({purchase.name}). You now have {formatCredits(creditsLeft)}.
      </Alert>
    )
  } else {
    body = (
      <Alert color="red" title="The payment did not go through" role="alert">
        <Group gap="sm">
          <Text size="sm">No credits were added.</Text>
          <Button component={Link} to="/plan" size="xs" variant="light">
            Back to plans
          </Button>
        </Group>
      </Alert>
    )
  }
  return body
}

function Confirming() {
  return (
    <Group gap="sm" role="status" aria-live="polite" data-testid="payment-confirming">
      <Loader size="sm" aria-hidden />
      <Text>Confirming your payment…</Text>
    </Group>
  )
}
