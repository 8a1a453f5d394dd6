import type { AuthedContext, Context } from '@promptly/api/context'
import { hasControlCharacter } from '@promptly/core/catalogue/tool'
import { forbidden, notFound, unauthorized } from '@promptly/core/errors/app-error'
import { isAdmin } from '@promptly/core/identity/user'
import { MESSAGES } from '@promptly/core/messages'
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
  const signedIn = requireSignedIn(ctx, MESSAGES.signInToContinue)
  const { user } = signedIn
  if (claimedClerkId === undefined || claimedClerkId === user.clerkId) return signedIn
  if (!user.isAdmin) throw forbidden('clerkId does not match the signed-in user')
  const target = await ctx.db.user.findUnique({ where: { clerkId: claimedClerkId } })
  if (!target) throw notFound('No user has this clerkId')
  return { ...ctx, user: { ...target, isAdmin: isAdmin(target, adminEmails) } }
}

/**
 * The signed-in context, or a 401 with the spec's words for this call (e.g. 'Please sign in to view
 * your bookmarks'). Checked before the call reads its input, so a signed-out caller is told to sign
 * in, not that an id they cannot use anyway is malformed.
 */
export function requireSignedIn(ctx: Context, signedOutMessage: string): AuthedContext {
  const user = ctx.user
  if (!user) throw unauthorized(signedOutMessage)
  return { ...ctx, user }
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
  // An admin's clerkId is looked up in the database, where NUL in a text parameter fails the query.
  clerkId: z
    .string()
    .min(1)
    .max(200)
    .refine((clerkId) => !hasControlCharacter(clerkId), 'A clerkId cannot hold control characters')
    .optional(),
  name: z.string().max(500).optional(),
  email: z.string().max(500).optional(),
  imageUrl: z.string().max(2000).optional(),
})
