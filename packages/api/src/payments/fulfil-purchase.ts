import { planAfterPurchase, purchaseValidTill, type PlanState } from '@promptly/core/plans/paid-plan'
import type { Prisma } from '@promptly/db/client'

import { grantCredits } from '../credits/grant-credits.ts'
import type { Telemetry } from '../telemetry/telemetry.ts'

type Tx = Prisma.TransactionClient

export type FulfilOutcome = 'fulfilled' | 'already_fulfilled' | 'amount_mismatch' | 'no_purchase'

export interface Payment {
  purchaseId: string
  /** What the provider says was charged, checked against the purchase's own price when given. */
  amountCents?: number | null
  currency?: string | null
  /** The provider's payment (Stripe's payment_intent), which its refund events name. */
  paymentReference?: string | null
}

/**
 * Marks a purchase paid and grants its credits, inside the caller's transaction: the purchase row is
 * locked first, so events for one purchase that arrive together, in any order or on other instances,
 * queue here and only the first pending-to-paid change grants. Grant with its expiry, balance and
 * maximum, plan and plan end all move together or not at all. The grant is reported to `telemetry`.
 */
export async function fulfilPurchase(
  tx: Tx,
  payment: Payment,
  now: Date,
  telemetry?: Pick<Telemetry, 'creditsMoved'>,
): Promise<FulfilOutcome> {
  const purchase = await lockPurchase(tx, payment.purchaseId)
  if (!purchase) return 'no_purchase'
  if (purchase.status === 'paid' || purchase.status === 'refunded') return 'already_fulfilled'
  const amountDiffers = payment.amountCents != null && payment.amountCents !== purchase.priceCents
  const currencyDiffers = payment.currency != null && payment.currency.toLowerCase() !== purchase.currency
  if (amountDiffers || currencyDiffers) return 'amount_mismatch'

  const [user] = await tx.$queryRaw<PlanState[]>`
    SELECT plan, plan_valid_till AS "planValidTill" FROM users WHERE id = ${purchase.userId}::uuid FOR UPDATE`
  if (!user) return 'no_purchase'
  const offer = await tx.planOffer.findUniqueOrThrow({ where: { id: purchase.planOfferId } })
  const terms = { key: purchase.planKey, validityDays: offer.validityDays }
  const validTill = purchaseValidTill(terms, user, now)
  const plan = planAfterPurchase(user, terms, validTill, now)

  const grant = { userId: purchase.userId, amount: purchase.credits, reason: 'purchase' as const }
  await grantCredits(tx, { ...grant, reference: purchase.id, expiresAt: validTill }, telemetry)
  await tx.purchase.update({
    where: { id: purchase.id },
    data: { status: 'paid', paidAt: now, validTill, paymentReference: payment.paymentReference ?? null },
  })
  await tx.user.update({ where: { id: purchase.userId }, data: plan })
  return 'fulfilled'
}

/** The purchase, locked until the transaction ends (FOR UPDATE), or null. */
export async function lockPurchase(tx: Tx, purchaseId: string) {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM purchases WHERE id = ${purchaseId}::uuid FOR UPDATE`
  if (locked.length === 0) return null
  return tx.purchase.findUniqueOrThrow({ where: { id: purchaseId } })
}

/** A pending purchase that will not be paid: the checkout expired or its payment failed. */
export async function closeUnpaidPurchase(tx: Tx, purchaseId: string, status: 'failed' | 'expired'): Promise<boolean> {
  const purchase = await lockPurchase(tx, purchaseId)
  if (!purchase || purchase.status !== 'pending') return false
  await tx.purchase.update({ where: { id: purchaseId }, data: { status } })
  return true
}
