import { createFileRoute } from '@tanstack/react-router'

import { LocalCheckoutPage } from '../../pages/checkout/LocalCheckoutPage.tsx'

/** The local checkout's page (no payment provider configured); the buyer's session is required. */
export const Route = createFileRoute('/_authed/checkout/$purchaseId')({
  component: LocalCheckoutPage,
})
