import { createFileRoute } from '@tanstack/react-router'

import { PaymentSuccessPage } from '../pages/payment/PaymentSuccessPage.tsx'

/** Where the payment provider returns after a completed checkout. */
export const Route = createFileRoute('/success')({ component: PaymentSuccessPage })
