import { createFileRoute } from '@tanstack/react-router'

import { textParam } from '../navigation/search-params.ts'
import { PaymentSuccessPage } from '../pages/payment/PaymentSuccessPage.tsx'

/** Where the payment provider returns after a completed checkout, with its checkout session id. */
export const Route = createFileRoute('/success')({
  validateSearch: (search: Record<string, unknown>): { session_id?: string } => {
    const sessionId = textParam(search.session_id)
    return sessionId ? { session_id: sessionId } : {}
  },
  component: PaymentSuccessPage,
})
