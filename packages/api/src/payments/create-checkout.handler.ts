import { AppError, badRequest, forbidden } from '@promptly/core/errors/app-error'
import { MESSAGES } from '@promptly/core/messages'
import { canBuy } from '@promptly/core/plans/paid-plan'

import type { AuthedContext } from '../context.ts'
import type { CreateCheckoutInput, CreateCheckoutOutput } from './create-checkout.schema.ts'

/**
 * Starts buying a plan: a pending purchase at the offer's price as stored (copied, so history keeps
 * what was bought), then the provider's checkout for it. Only verified accounts buy: a purchase
 * needs an address that reaches the buyer (receipts, refunds), and it is the same line the trial
 * credits already draw.
 */
export async function createCheckout({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: CreateCheckoutInput
}): Promise<CreateCheckoutOutput> {
  if (!ctx.payments) throw forbidden(MESSAGES.paymentsNotSetUp)
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.user.id } })
  if (!user.emailVerifiedAt) throw forbidden(MESSAGES.verifyToBuy)
  const offer = await ctx.db.planOffer.findUnique({ where: { key: input.plan } })
  if (!offer?.active) throw new AppError('NOT_FOUND', MESSAGES.planUnavailable)
  if (!canBuy(offer, user, new Date())) throw badRequest(MESSAGES.topUpNeedsPlan)

  const purchase = await ctx.db.purchase.create({
    data: {
      userId: user.id,
      planOfferId: offer.id,
      planKey: offer.key,
      name: offer.name,
      priceCents: offer.priceCents,
      currency: offer.currency,
      credits: offer.credits,
      provider: ctx.payments.kind,
    },
  })
  try {
    const session = await ctx.payments.createCheckout({
      purchaseId: purchase.id,
      item: { name: offer.name, priceCents: offer.priceCents, currency: offer.currency, credits: offer.credits },
      customerEmail: user.email,
    })
    await ctx.db.purchase.update({ where: { id: purchase.id }, data: { checkoutSessionId: session.id } })
    return { id: session.id, url: session.url, purchaseId: purchase.id }
  } catch (error) {
    // No checkout was opened: the purchase can never be paid.
    await ctx.db.purchase.update({ where: { id: purchase.id }, data: { status: 'failed' } })
    throw error
  }
}
