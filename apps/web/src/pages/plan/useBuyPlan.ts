import { useMutation } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import type { PlanKey } from '@promptly/api/plans/plan-offer.schema'

import { toast } from '../../components/toast.ts'
import { followUrl } from '../../navigation/follow-url.ts'
import { useSignInToAct } from '../../navigation/useSignInToAct.ts'
import { useTRPC } from '../../trpc/client.ts'

/**
 * Buy: the server opens a checkout at its own price and answers where to send the buyer. The local
 * checkout is a page of this app (the router takes it, no reload); Stripe's is another site.
 */
export function useBuyPlan() {
  const { t } = useTranslation('account')
  const trpc = useTRPC()
  const router = useRouter()
  const signInToAct = useSignInToAct()
  const checkout = useMutation(
    trpc.payments.createCheckout.mutationOptions({
      onSuccess: ({ url }) => followUrl(router, url),
      onError: (error) => toast.error(error.message || t('plan.card.checkoutFailed'), 'checkout-failed'),
    }),
  )
  return {
    // The plans are shown to everyone; buying one asks to sign in first.
    buy: (plan: PlanKey) => signInToAct(() => checkout.mutate({ plan })),
    /** The plan whose checkout is opening (and stays set while the browser leaves for it). */
    pending: checkout.isPending || checkout.isSuccess ? (checkout.variables?.plan ?? null) : null,
  }
}
