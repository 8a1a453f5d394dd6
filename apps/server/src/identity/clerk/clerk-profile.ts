import type { ClerkClient } from '@clerk/fastify'

/** What the app stores about a Clerk user besides the id. */
export interface ClerkProfile {
  name: string
  email: string
  imageUrl: string
}

/** Looks a user up in Clerk's Backend API; null when Clerk does not know them. May throw on network errors. */
export type ClerkProfileFetcher = (clerkUserId: string) => Promise<ClerkProfile | null>

/**
 * The profile carried by the session token itself, so most requests need no call to Clerk.
 *
 * Clerk's default session token has no name or e-mail. In the Clerk dashboard, Sessions ->
 * Customize session token, add:
 *   { "name": "{{user.full_name}}", "email": "{{user.primary_email_address}}", "image_url": "{{user.image_url}}" }
 * Without them the app falls back to the stored user, then to one Backend API call per new user.
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
  return { email, ...(name !== undefined && { name }), ...(imageUrl && { imageUrl }) }
}

/** A claim that is a string; Clerk renders an empty template field as null or "". */
function textClaim(claims: object, key: string): string | undefined {
  const value: unknown = (claims as Record<string, unknown>)[key]
  return typeof value === 'string' ? value.trim() : undefined
}

/** The Backend API lookup, used only for a first sign-in whose token carries no profile. */
export function backendApiProfileFetcher(clerk: ClerkClient): ClerkProfileFetcher {
  return async (clerkUserId) => {
    try {
      const user = await clerk.users.getUser(clerkUserId)
      return {
        name: user.fullName ?? user.username ?? '',
        email: user.primaryEmailAddress?.emailAddress ?? '',
        imageUrl: user.imageUrl,
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
