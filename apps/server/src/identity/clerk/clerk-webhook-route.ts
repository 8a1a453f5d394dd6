import { verifyWebhook } from '@clerk/backend/webhooks'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'

import type { CacheBus } from '@promptly/api/caching/cache-bus'

import { legacyErrorBody } from '../../errors/legacy-error-envelope.ts'

export const CLERK_WEBHOOK_PATH = '/api/webhooks/clerk'

/** Clerk's session events are a few KiB; a body over this is not one of them. */
const WEBHOOK_BODY_LIMIT = 256 * 1024

/** The events after which none of a session's tokens may be honoured (signed out, revoked, removed). */
export const SESSION_ENDING_EVENTS: ReadonlySet<string> = new Set([
  'session.ended',
  'session.revoked',
  'session.removed',
])

/** The part of a verified delivery this route reads: a session event names the session in `data.id`. */
const deliveredEvent = z.object({
  type: z.string(),
  data: z.looseObject({ id: z.string().regex(/^[A-Za-z0-9_]{1,128}$/) }),
})

export interface ClerkWebhookDeps {
  /** CLERK_WEBHOOK_SIGNING_SECRET: the endpoint's secret in the Clerk dashboard. */
  signingSecret: string
  /** Carries an ended session to every instance (`clerkSession:<id>`). */
  bus: CacheBus
}

/**
 * `POST /api/webhooks/clerk`, only when a signing secret is configured: Clerk's deliveries, signed as
 * Svix signs them and checked by Clerk's own `verifyWebhook` over the exact bytes received (read raw,
 * in a scope of its own). When a session ends, every instance drops the session's verified tokens and
 * refuses them, and any other token of it, until they would have expired anyway. Other events are
 * acknowledged and ignored, so Clerk does not retry them.
 */
export async function registerClerkWebhookRoute(app: FastifyInstance, deps: ClerkWebhookDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    )
    scope.post(CLERK_WEBHOOK_PATH, async (req, reply) => {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
      let delivered: unknown
      try {
        delivered = await verifyWebhook(webhookRequest(req, rawBody), { signingSecret: deps.signingSecret })
      } catch (error) {
        req.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'Clerk webhook refused')
        return reply.status(400).send(legacyErrorBody('BAD_REQUEST', 'Webhook signature verification failed'))
      }
      const event = deliveredEvent.safeParse(delivered)
      if (event.success && SESSION_ENDING_EVENTS.has(event.data.type)) {
        const { type, data } = event.data
        await deps.bus.publish('clerkSession', data.id)
        req.log.info({ clerkSessionId: data.id, type }, 'Clerk session ended: its tokens are refused')
      }
      return { received: true }
    })
  })
}

/** The delivery as Clerk's helper reads it: its Svix headers and the body exactly as it came. */
function webhookRequest(req: FastifyRequest, rawBody: Buffer): Request {
  const headers = new Headers()
  for (const name of ['svix-id', 'svix-timestamp', 'svix-signature', 'content-type']) {
    const value = req.headers[name]
    if (typeof value === 'string') headers.set(name, value)
  }
  return new Request(`http://clerk-webhook${CLERK_WEBHOOK_PATH}`, { method: 'POST', headers, body: rawBody })
}
