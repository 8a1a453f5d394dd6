import type { ClerkClient } from '@clerk/fastify'

/** What the app stores about a Clerk user besides the id, and whether Clerk has verified that e-mail. */
export interface ClerkProfile {
  name: string
  email: string
  imageUrl: string
  /** Clerk's word that the primary address belongs to the user: required for the trial and ADMIN_EMAILS. */
  emailVerified: boolean
}

/** Looks a user up in Clerk's Backend API; null when Clerk does not know them. May throw on network errors. */
export type ClerkProfileFetcher = (clerkUserId: string) => Promise<ClerkProfile | null>

/**
 * The profile carried by the session token itself, so most requests need no call to Clerk.
 *
 * Clerk's default session token has no name or e-mail. In the Clerk dashboard, Sessions ->
 * Customize session token, add:
 *   { "name": "{{user.full_name}}", "email": "{{user.primary_email_address}}",
 *     "image_url": "{{user.image_url}}", "email_verified": "{{user.email_verified}}" }
 * Without them the app falls back to the stored user, then to one Backend API call per new user;
 * without `email_verified`, to a Backend API call now and then while the account is unverified.
 *
 * Returns what is there; `email` is the one claim the app cannot do without, so without it the
 * claims are not used at all.
 */
export function profileFromClaims(claims: unknown): Partial<ClerkProfile> | null {
  if (typeof claims !== 'object' || claims === null) return null
  const email = textClaim(claims, 'email')
  if (!email) return null
  const name = textClaim(claims, 'name')
  const imageUrl = textClaim(claims, 'image_url')
  const emailVerified = booleanClaim(claims, 'email_verified')
  return {
    email,
    ...(name !== undefined && { name }),
    ...(imageUrl && { imageUrl }),
    ...(emailVerified !== undefined && { emailVerified }),
  }
}

/** A claim that is a string; Clerk renders an empty template field as null or "". */
function textClaim(claims: object, key: string): string | undefined {
  const value: unknown = (claims as Record<string, unknown>)[key]
  return typeof value === 'string' ? value.trim() : undefined
}

/**
 * A claim that is a boolean. Clerk's quoted shortcode keeps the value's type (`true`), but a template
 * that renders it as text (`"true"`) means the same.
 */
function booleanClaim(claims: object, key: string): boolean | undefined {
  const value: unknown = (claims as Record<string, unknown>)[key]
  if (typeof value === 'boolean') return value
  if (value === 'true' || value === 'false') return value === 'true'
  return undefined
}

/**
 * The Backend API lookup: for a first sign-in whose token carries no profile, and for the
 * verification status when the token does not carry `email_verified`.
 */
export function backendApiProfileFetcher(clerk: ClerkClient): ClerkProfileFetcher {
  return async (clerkUserId) => {
    try {
      const user = await clerk.users.getUser(clerkUserId)
      return {
        name: user.fullName ?? user.username ?? '',
        email: user.primaryEmailAddress?.emailAddress ?? '',
        imageUrl: user.imageUrl,
        emailVerified: user.primaryEmailAddress?.verification?.status === 'verified',
      }
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404
}
