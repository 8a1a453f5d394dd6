import type { FastifyRequest } from 'fastify'
import { z } from 'zod'

import { auditAction, recordAudit, type AuditAction } from '@promptly/api/audit/record-audit'
import type { AuthedContext, Context } from '@promptly/api/context'
import { badRequest, forbidden, notFound, unauthorized } from '@promptly/core/errors/app-error'
import { MESSAGES } from '@promptly/core/messages'
import { noControlCharacters } from '@promptly/core/text/control-characters'
import { hasControlCharacter } from '@promptly/core/text/unsafe-characters'

import { signedInUserOf } from '../../identity/request-user.ts'

export const CLERK_ID_MISMATCH = 'clerkId does not match the signed-in user'

/**
 * The legacy calls pass `clerkId` in the query. It is accepted for compatibility but never selects
 * an account by itself: the caller is whoever the credentials say. A clerkId naming someone else is
 * refused (403), unless the caller is an admin, who then acts on that account (support work), and
 * that is written to the audit log first: who, which call, on whose account (reads as well as
 * writes; the entry stays even if the call then fails, as an attempt).
 */
export async function requireCaller(
  req: FastifyRequest,
  ctx: Context,
  claimedClerkId: string | undefined,
  adminEmails: readonly string[],
): Promise<AuthedContext> {
  const signedIn = requireSignedIn(ctx, MESSAGES.signInToContinue)
  const { user } = signedIn
  if (claimedClerkId === undefined || claimedClerkId === user.clerkId) return signedIn
  if (!user.isAdmin) throw forbidden(CLERK_ID_MISMATCH)
  // Whatever schema the route parsed with: NUL in a text parameter fails the query (a 500, not a 400).
  if (hasControlCharacter(claimedClerkId)) throw badRequest('A clerkId cannot hold control characters')
  const target = await ctx.db.user.findUnique({ where: { clerkId: claimedClerkId } })
  if (!target) throw notFound('No user has this clerkId')
  await recordAudit(ctx.db, {
    actorId: user.id,
    action: restAuditAction(req),
    targetUserId: target.id,
    details: { via: 'rest', route: routePattern(req), clerkId: target.clerkId, requestId: ctx.requestId },
  })
  return { ...ctx, user: signedInUserOf(target, adminEmails) }
}

/** The matched route as registered (`/api/v1/limits/decrease`), never the raw URL with its query. */
function routePattern(req: FastifyRequest): string {
  return req.routeOptions.url ?? req.url.split('?')[0] ?? req.url
}

/** `rest:POST /limits/decrease`: the same action whichever base (/api/v1, /api/v2) served it. */
function restAuditAction(req: FastifyRequest): AuditAction {
  return auditAction.parse(`rest:${req.method} ${routePattern(req).replace(/^\/api\/v\d+(?=\/)/, '')}`)
}

/** The signed-in context, or a 401 (the caller hook has refused signed-out callers already). */
function requireSignedIn(ctx: Context, signedOutMessage: string): AuthedContext {
  const user = ctx.user
  if (!user) throw unauthorized(signedOutMessage)
  return { ...ctx, user }
}

/**
 * A clerkId as a legacy call passes it (query or path). An admin's is looked up in the database,
 * where NUL in a text parameter fails the query: control characters are a 400 before that.
 */
export const clerkIdQuery = z
  .string()
  .min(1)
  .max(200)
  .check(noControlCharacters('A clerkId cannot hold control characters'))

/**
 * The identity fields legacy clients append to the query (clerkId, name, email, imageUrl). Only
 * clerkId is used, and only as a claim checked against the caller; the profile fields are accepted
 * and ignored (the profile comes from the credentials).
 */
export const legacyIdentityQuery = z.object({
  clerkId: clerkIdQuery.optional(),
  name: z.string().max(500).optional(),
  email: z.string().max(500).optional(),
  imageUrl: z.string().max(2000).optional(),
})
