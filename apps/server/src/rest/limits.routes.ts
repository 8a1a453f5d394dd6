import { chargeUsage } from '@promptly/api/credits/legacy-usage-charge'
import { getLimits } from '@promptly/api/credits/limits.handler'
import { registerReferral } from '@promptly/api/referrals/register.handler'
import type { RegisterReferralOutput } from '@promptly/api/referrals/register.schema'
import { findReferrerId } from '@promptly/api/referrals/find-referrer'
import { randomUUID } from 'node:crypto'
import type { AuthedContext } from '@promptly/api/context'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { legacy } from './envelope.ts'
import type { RestDeps } from './register-rest.ts'
import { clerkIdQuery, requireCaller } from './shared/legacy-identity.ts'

const limitsQuery = z.object({
  clerkId: clerkIdQuery.optional(),
  /** The legacy share flow's visitor id. The visitor is always the signed-in caller, whatever this says. */
  limit: z.string().max(200).optional(),
  /** (sic, the legacy spelling) The referrer's clerkId or user id, from a share link. */
  reffered: z.string().max(200).optional(),
})
const decreaseQuery = z.object({ clerkId: clerkIdQuery.optional() })
/** Lets a script retry a report without paying twice (the ledger keeps one charge per key). */
const IDEMPOTENCY_HEADER = 'idempotency-key'
const idempotencyKey = z.string().trim().min(8).max(200)

export function registerLimitsRoutes(app: FastifyInstance, { createContext, adminEmails }: RestDeps): void {
  /**
   * The spec's Limits. With `reffered`, the share link's referral is registered first for the
   * signed-in caller (never for anyone else: not for the `limit` id, nor for an account an admin
   * acts on through clerkId), and its outcome is added as `referral`.
   */
  app.get('/limits', async (req) => {
    const query = limitsQuery.parse(req.query)
    const signedIn = await createContext(req)
    const ctx = await requireCaller(req, signedIn, query.clerkId, adminEmails)
    if (!query.reffered) return legacy.inData(await getLimits({ ctx }))
    const visitor = await requireCaller(req, signedIn, undefined, adminEmails)
    const referral = await referralFromLink(visitor, query.reffered)
    return legacy.inData({ ...(await getLimits({ ctx })), referral })
  })

  /**
   * Usage the server did not see (the legacy client's own transcription or speech): one credit,
   * never below zero. Answers the limits after the charge; the message says when nothing was taken.
   */
  app.post('/limits/decrease', async (req) => {
    const query = decreaseQuery.parse(req.query)
    const ctx = await requireCaller(req, await createContext(req), query.clerkId, adminEmails)
    const charge = await chargeUsage(ctx.db, ctx.user.id, usageReference(req))
    return legacy.inData(await getLimits({ ctx }), charge.charged ? 'OK' : charge.message)
  })
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
