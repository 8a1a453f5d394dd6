import { createFileRoute } from '@tanstack/react-router'

import { PaymentCancelledPage } from '../pages/payment/PaymentCancelledPage.tsx'

/** Where the payment provider returns when checkout is cancelled or fails. */
export const Route = createFileRoute('/cancel')({
  component: PaymentCancelledPage,
})
