import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'

import type { SignedInUser } from '@promptly/api/context'
import { handlePaymentEvent, type HandledEvent } from '@promptly/api/payments/handle-payment-event'
import {
  WebhookSignatureError,
  type PaymentProvider,
  type VerifiedEvent,
} from '@promptly/api/payments/payment-provider'
import { UNVERIFIED_PAYMENT_EVENT, type Telemetry } from '@promptly/api/telemetry/telemetry'
import { forbidden, notFound, unauthorized } from '@promptly/core/errors/app-error'
import { MESSAGES } from '@promptly/core/messages'
import type { Db } from '@promptly/db/client'

import { legacyErrorBody } from '../errors/legacy-error-envelope.ts'
import { isLocalCheckout } from './local-checkout.ts'

export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook'
export const LOCAL_PAY_PATH = '/api/payments/local/:purchaseId/pay'

/** Stripe's events are small; a body over this is not one of them. */
const WEBHOOK_BODY_LIMIT = 256 * 1024

export interface PaymentRoutesDeps {
  db: Db
  payments: PaymentProvider
  appUrl: string
  /** The signed-in user of a request (the buyer's session), or null. */
  userOf: (req: FastifyRequest) => Promise<SignedInUser | null>
  /** Told of every delivery and what it did, refusals too, and of the credits a purchase grants. */
  telemetry: Pick<Telemetry, 'paymentEventHandled' | 'creditsMoved'>
}

/**
 * The payment webhook (always mounted: without Stripe keys it verifies the local checkout's
 * signatures) and the local checkout's Pay. The webhook reads its body raw, in its own scope, since
 * the signature is over the exact bytes; every other route keeps Fastify's JSON parser.
 */
export async function registerPaymentRoutes(app: FastifyInstance, deps: PaymentRoutesDeps): Promise<void> {
  const receive = async (req: FastifyRequest, rawBody: Buffer, signature: string | undefined) => {
    const { telemetry } = deps
    const event = await verifiedEvent(deps, rawBody, signature)
    const handled = await handlePaymentEvent(deps.db, deps.payments.kind, event, { telemetry })
    telemetry.paymentEventHandled(event.type, handled.outcome)
    logHandled(req, event, handled)
    return handled
  }

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    )
    scope.post(STRIPE_WEBHOOK_PATH, async (req, reply) => {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
      const signature = req.headers['stripe-signature']
      try {
        const handled = await receive(req, rawBody, typeof signature === 'string' ? signature : undefined)
        return { received: true, outcome: handled.outcome }
      } catch (error) {
        if (error instanceof WebhookSignatureError) return refuse(req, reply, error)
        throw error
      }
    })
  })

  const payments = deps.payments
  if (!isLocalCheckout(payments)) return
  const params = z.object({ purchaseId: z.uuid() })
  app.post(LOCAL_PAY_PATH, async (req) => {
    const parsed = params.safeParse(req.params)
    if (!parsed.success) throw notFound('No such purchase')
    const user = await deps.userOf(req)
    if (!user) throw unauthorized(MESSAGES.signInToContinue)
    if (!payments.enabled) throw forbidden(MESSAGES.paymentsNotSetUp)
    const purchase = await deps.db.purchase.findFirst({
      where: { id: parsed.data.purchaseId, userId: user.id, provider: 'local' },
    })
    if (!purchase?.checkoutSessionId) throw notFound('No such purchase')
    const checkoutSessionId = purchase.checkoutSessionId
    // Paying twice changes nothing, the purchase is fulfilled once; the buyer just lands on /success.
    if (purchase.status === 'pending') {
      const { body, signature } = await payments.completedEvent({ ...purchase, checkoutSessionId })
      await receive(req, Buffer.from(body), signature)
    }
    const url = `${deps.appUrl}/success?session_id=${encodeURIComponent(checkoutSessionId)}`
    return { status: 'success', message: 'OK', data: { url } }
  })
}

/** The delivery's event once its signature is checked; a refusal is counted before it is answered. */
async function verifiedEvent(
  deps: PaymentRoutesDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<VerifiedEvent> {
  try {
    return await deps.payments.parseWebhook(rawBody, signature)
  } catch (error) {
    if (error instanceof WebhookSignatureError)
      deps.telemetry.paymentEventHandled(UNVERIFIED_PAYMENT_EVENT, 'bad_signature')
    throw error
  }
}

function refuse(req: FastifyRequest, reply: FastifyReply, error: WebhookSignatureError) {
  req.log.warn({ reason: error.message }, 'payment webhook refused')
  return reply.status(400).send(legacyErrorBody('BAD_REQUEST', error.message))
}

function logHandled(req: FastifyRequest, event: { id: string; type: string }, handled: HandledEvent) {
  const line = { eventId: event.id, type: event.type, purchaseId: handled.purchaseId, outcome: handled.outcome }
  // Unknown types and events naming nothing of ours are kept (webhook_events) and worth a look.
  const notable = ['unknown_type', 'unmatched', 'amount_mismatch'].includes(handled.outcome)
  if (notable) req.log.warn(line, 'payment webhook not applied')
  else req.log.info(line, 'payment webhook handled')
}
