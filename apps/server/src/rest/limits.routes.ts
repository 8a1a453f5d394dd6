import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'

import type { AuthedContext } from '@promptly/api/context'
import { chargeLegacyUsage } from '@promptly/api/credits/legacy-usage-charge'
import { getLimits } from '@promptly/api/credits/limits.handler'
import { limitsOutput } from '@promptly/api/credits/limits.schema'
import { findReferrerId } from '@promptly/api/referrals/find-referrer'
import { registerReferral } from '@promptly/api/referrals/register.handler'
import { registerReferralOutput, type RegisterReferralOutput } from '@promptly/api/referrals/register.schema'

import { legacy, legacyResponses, legacySchema } from './envelope.ts'
import { CALLERS, signedInCaller } from './rest-caller.ts'
import type { RestScope } from './rest-scope.ts'
import { clerkIdQuery } from './shared/legacy-identity.ts'

const limitsQuery = z.object({
  clerkId: clerkIdQuery.optional(),
  limit: z.string().max(200).optional().describe("The legacy share flow's visitor id, ignored: the caller is"),
  reffered: z.string().max(200).optional().describe("(sic) The referrer's clerkId or user id, from a share link"),
})
const decreaseQuery = z.object({ clerkId: clerkIdQuery.optional() })
/** Lets a script retry a report without paying twice (the ledger keeps one charge per key). */
const IDEMPOTENCY_HEADER = 'idempotency-key'
const idempotencyKey = z.string().trim().min(8).max(200)
const tags = ['Credits']

export function registerLimitsRoutes(app: RestScope): void {
  /**
   * The spec's Limits. With `reffered`, the share link's referral is registered first for the
   * signed-in caller (never for anyone else: not for the `limit` id, nor for an account an admin
   * acts on through clerkId), and its outcome is added as `referral`.
   */
  app.get(
    '/limits',
    {
      config: { caller: CALLERS.signedIn() },
      schema: {
        tags,
        summary: "The caller's plan and credits; registers a share link's referral",
        querystring: limitsQuery,
        response: legacyResponses({
          200: legacySchema.inData(limitsOutput.extend({ referral: registerReferralOutput.optional() })),
        }),
      },
    },
    async (req) => {
      const ctx = signedInCaller(req.caller)
      if (!req.query.reffered) return legacy.inData(await getLimits({ ctx }))
      const referral = await referralFromLink(signedInCaller(req.credentials), req.query.reffered)
      return legacy.inData({ ...(await getLimits({ ctx })), referral })
    },
  )

  /**
   * Usage the server did not see (the legacy client's own transcription or speech): one credit,
   * never below zero. Answers the limits after the charge; the message says when nothing was taken.
   */
  app.post(
    '/limits/decrease',
    {
      config: { caller: CALLERS.signedIn() },
      schema: {
        tags,
        summary: 'Charges one credit for usage the server did not see (an Idempotency-Key header avoids paying twice)',
        querystring: decreaseQuery,
        response: legacyResponses({ 200: legacySchema.inData(limitsOutput) }),
      },
    },
    async (req) => {
      const ctx = signedInCaller(req.caller)
      const charge = await chargeLegacyUsage(ctx.db, ctx.user.id, usageReference(req))
      return legacy.inData(await getLimits({ ctx }), charge.charged ? 'OK' : charge.message)
    },
  )
}

/**
 * `reffered` names the referrer by clerkId (every legacy call) or by internal id (the web app's
 * links). One that matches no account is just unknown: the page still gets its limits.
 */
async function referralFromLink(visitor: AuthedContext, reffered: string): Promise<RegisterReferralOutput> {
  const referrerId = await findReferrerId(visitor.db, reffered)
  if (!referrerId) return { rewarded: false, reason: 'unknown' }
  return registerReferral({ ctx: visitor, input: { referrerId } })
}

function usageReference(req: FastifyRequest): string {
  const key = idempotencyKey.safeParse(req.headers[IDEMPOTENCY_HEADER])
  return key.success ? `usage:${key.data}` : `usage:${randomUUID()}`
}
