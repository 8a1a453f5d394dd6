import type { Prisma } from '@promptly/db/client'

import { expireDueGrants } from '../credits/expire-due-grants.ts'
import { lockPurchase } from './fulfil-purchase.ts'

type Tx = Prisma.TransactionClient

export type RefundOutcome = 'refunded' | 'already_refunded' | 'no_purchase'

export interface Refund {
  /** The provider's payment the refund names (Stripe's payment_intent). */
  paymentReference: string
  /** The charge's amount and how much of it has been refunded so far, in cents. */
  amountCents: number
  refundedCents: number
  /** The event that reported it: one ledger entry per refund event. */
  eventId: string
}

/**
 * Takes a refunded purchase's credits back through the ledger, in the caller's transaction: the share
 * of its credits matching the share of the money refunded (all of them for a full refund), less what
 * earlier partial refunds took, and never more than the balance holds (spent credits stay spent). A
 * full refund of a plan also ends that plan: the user is on whichever other paid plan still runs.
 */
export async function refundPurchase(tx: Tx, refund: Refund, now: Date): Promise<RefundOutcome> {
  const found = await tx.purchase.findUnique({ where: { paymentReference: refund.paymentReference } })
  const purchase = found && (await lockPurchase(tx, found.id))
  if (!purchase || (purchase.status !== 'paid' && purchase.status !== 'refunded')) return 'no_purchase'
  const full = refund.refundedCents >= refund.amountCents
  const due = full
    ? purchase.credits
    : Math.floor((purchase.credits * refund.refundedCents) / Math.max(refund.amountCents, 1))
  const owed = due - purchase.refundedCredits
  if (owed <= 0 && (purchase.status === 'refunded' || !full)) return 'already_refunded'

  // Locks the row, and expires lapsed grants first: credits already lapsed are not taken back twice.
  const user = await expireDueGrants(tx, purchase.userId, now)
  if (!user) return 'no_purchase'
  const taken = Math.min(Math.max(owed, 0), user.balance)
  if (taken > 0) {
    await tx.creditEntry.create({
      data: {
        userId: purchase.userId,
        amount: -taken,
        reason: 'purchase_refund',
        reference: `${purchase.id}#${refund.eventId}`,
      },
    })
  }
  await tx.user.update({
    where: { id: purchase.userId },
    data: { creditBalance: user.balance - taken, creditMax: Math.max(0, user.max - Math.max(owed, 0)) },
  })
  await tx.purchase.update({
    where: { id: purchase.id },
    data: {
      refundedCredits: Math.max(due, purchase.refundedCredits),
      refundedAt: now,
      ...(full && { status: 'refunded' }),
    },
  })
  if (full && purchase.planKey !== 'TOPUP') await restorePlanFromOtherPurchases(tx, purchase.userId, purchase.id, now)
  return 'refunded'
}

/** The plan the user keeps once one purchase no longer counts: the other paid plan that ends last, or free. */
async function restorePlanFromOtherPurchases(tx: Tx, userId: string, refundedId: string, now: Date): Promise<void> {
  const other = await tx.purchase.findFirst({
    where: {
      userId,
      id: { not: refundedId },
      status: 'paid',
      planKey: { in: ['MONTHLY', 'YEARLY'] },
      validTill: { gt: now },
    },
    orderBy: { validTill: 'desc' },
  })
  await tx.user.update({
    where: { id: userId },
    data: other
      ? { plan: other.planKey === 'MONTHLY' ? 'monthly' : 'yearly', planValidTill: other.validTill }
      : { plan: 'free', planValidTill: null },
  })
}
