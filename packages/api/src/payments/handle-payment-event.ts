import type { Db, Prisma } from '@promptly/db/client'
import { isUniqueViolation } from '@promptly/db/unique-violation'

import type { Telemetry } from '../telemetry/telemetry.ts'
import { closeUnpaidPurchase, fulfilPurchase } from './fulfil-purchase.ts'
import { chargeObject, checkoutSessionObject, paymentIntentId, purchaseIdOf } from './payment-event.ts'
import type { VerifiedEvent } from './payment-provider.ts'
import { refundPurchase } from './refund-purchase.ts'

type Tx = Prisma.TransactionClient

/** What one delivery did; the webhook answers 2xx for all of them (a retry would change nothing). */
export type EventOutcome =
  | 'fulfilled'
  | 'already_fulfilled'
  | 'awaiting_payment'
  | 'amount_mismatch'
  | 'closed'
  | 'ignored'
  | 'refunded'
  | 'already_refunded'
  | 'unmatched'
  | 'unknown_type'
  | 'duplicate'

export interface HandledEvent {
  outcome: EventOutcome
  purchaseId: string | null
}

export interface HandlingOptions {
  now?: Date
  /** Where the credits a purchase grants are reported (the instance's metrics); nowhere when absent. */
  telemetry?: Pick<Telemetry, 'creditsMoved'>
}

const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
])

/**
 * Applies one verified payment event exactly once. The event id is recorded (WebhookEvent's unique
 * key) in the same transaction as its effect: a second delivery of the same event, even at the same
 * moment on another instance, waits on that key and then finds it taken ('duplicate', nothing
 * changed). Different events for one purchase are made safe by fulfilPurchase's row lock. Unknown
 * types are kept with their payload and acknowledged.
 */
export async function handlePaymentEvent(
  db: Db,
  provider: string,
  event: VerifiedEvent,
  { now = new Date(), telemetry }: HandlingOptions = {},
): Promise<HandledEvent> {
  const purchaseId = purchaseIdOfEvent(event)
  const known = CHECKOUT_EVENTS.has(event.type) || event.type === 'charge.refunded'
  try {
    return await db.$transaction(async (tx) => {
      await tx.webhookEvent.create({
        data: {
          id: event.id,
          provider,
          type: event.type,
          purchaseId,
          ...(!known && { payload: json(event) }),
        },
      })
      const outcome = known ? await applyEvent(tx, event, purchaseId, { now, telemetry }) : 'unknown_type'
      // An event naming nothing of ours (yet) is kept whole too, to look into or replay by hand.
      if (outcome === 'unmatched')
        await tx.webhookEvent.update({ where: { id: event.id }, data: { payload: json(event) } })
      return { outcome, purchaseId }
    })
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: 'duplicate', purchaseId }
    throw error
  }
}

function json(event: VerifiedEvent): Prisma.InputJsonValue {
  return event as unknown as Prisma.InputJsonValue
}

function purchaseIdOfEvent(event: VerifiedEvent): string | null {
  if (!CHECKOUT_EVENTS.has(event.type)) return null
  const session = checkoutSessionObject.safeParse(event.data.object)
  return session.success ? purchaseIdOf(session.data) : null
}

async function applyEvent(
  tx: Tx,
  event: VerifiedEvent,
  purchaseId: string | null,
  { now, telemetry }: HandlingOptions & { now: Date },
): Promise<EventOutcome> {
  if (event.type === 'charge.refunded') {
    const charge = chargeObject.safeParse(event.data.object)
    const paymentReference = charge.success ? paymentIntentId(charge.data.payment_intent) : null
    if (!charge.success || !paymentReference) return 'unmatched'
    const refund = { paymentReference, amountCents: charge.data.amount, refundedCents: charge.data.amount_refunded }
    const outcome = await refundPurchase(tx, { ...refund, eventId: event.id }, now)
    return outcome === 'no_purchase' ? 'unmatched' : outcome
  }
  const session = checkoutSessionObject.safeParse(event.data.object)
  if (!session.success || !purchaseId) return 'unmatched'
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      // A delayed payment method completes the session unpaid; its async_payment_succeeded pays.
      if (session.data.payment_status === 'unpaid') return 'awaiting_payment'
      const payment = {
        purchaseId,
        amountCents: session.data.amount_total,
        currency: session.data.currency,
        paymentReference: paymentIntentId(session.data.payment_intent),
      }
      const outcome = await fulfilPurchase(tx, payment, now, telemetry)
      return outcome === 'no_purchase' ? 'unmatched' : outcome
    }
    case 'checkout.session.async_payment_failed':
      return (await closeUnpaidPurchase(tx, purchaseId, 'failed')) ? 'closed' : 'ignored'
    default:
      return (await closeUnpaidPurchase(tx, purchaseId, 'expired')) ? 'closed' : 'ignored'
  }
}
