import { notFound } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import { settleLapsedGrants } from '../credits/expire-due-grants.ts'
import { purchaseView } from './purchase-view.ts'
import type { PaymentStatusInput, PaymentStatusOutput } from './status.schema.ts'

/**
 * One of the caller's purchases, for the return and checkout pages to follow until the webhook has
 * landed. Someone else's purchase is "not found", never a hint that it exists.
 */
export async function paymentStatus({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: PaymentStatusInput
}): Promise<PaymentStatusOutput> {
  const where = 'sessionId' in input ? { checkoutSessionId: input.sessionId } : { id: input.purchaseId }
  const purchase = await ctx.db.purchase.findFirst({ where: { ...where, userId: ctx.user.id } })
  if (!purchase) throw notFound('No such purchase')
  // The credits shown never include a lapsed grant's, whether or not the sweeper has run.
  await settleLapsedGrants(ctx.db, ctx.user.id)
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.user.id } })
  return { purchase: purchaseView(purchase), creditsLeft: user.creditBalance }
}
