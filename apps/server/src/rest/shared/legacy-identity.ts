import type { AuthedContext, Context } from '@promptly/api/context'
import { forbidden, notFound, unauthorized } from '@promptly/core/errors/app-error'
import { isAdmin } from '@promptly/core/identity/user'
import { z } from 'zod'

/**
 * The legacy calls pass `clerkId` in the query. It is accepted for compatibility but never selects
 * an account by itself: the caller is whoever the credentials say. A clerkId naming someone else is
 * refused (403), unless the caller is an admin, who then acts on that account (support work).
 */
export async function requireCaller(
  ctx: Context,
  claimedClerkId: string | undefined,
  adminEmails: readonly string[],
): Promise<AuthedContext> {
  const user = ctx.user
  if (!user) throw unauthorized()
  if (claimedClerkId === undefined || claimedClerkId === user.clerkId) return { ...ctx, user }
  if (!user.isAdmin) throw forbidden('clerkId does not match the signed-in user')
  const target = await ctx.db.user.findUnique({ where: { clerkId: claimedClerkId } })
  if (!target) throw notFound('No user has this clerkId')
  return { ...ctx, user: { ...target, isAdmin: isAdmin(target, adminEmails) } }
}

/** For calls that work signed out but use the caller when there is one (e.g. isBookmarked). */
export async function optionalCaller(
  ctx: Context,
  claimedClerkId: string | undefined,
  adminEmails: readonly string[],
): Promise<Context> {
  if (!ctx.user) return ctx
  return requireCaller(ctx, claimedClerkId, adminEmails)
}

/**
 * The identity fields legacy clients append to the query (clerkId, name, email, imageUrl). Only
 * clerkId is used, and only as a claim checked against the caller; the profile fields are accepted
 * and ignored (the profile comes from the credentials).
 */
export const legacyIdentityQuery = z.object({
  clerkId: z.string().min(1).max(200).optional(),
  name: z.string().max(500).optional(),
  email: z.string().max(500).optional(),
  imageUrl: z.string().max(2000).optional(),
})
