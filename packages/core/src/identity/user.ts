import { z } from 'zod'

import { noControlCharacters } from '../text/control-characters.ts'

/** The user shape both identity providers (Clerk and local accounts) hand to the app. */
export const identityUser = z.object({
  clerkId: z.string().min(1),
  name: z.string(),
  email: z.string(),
  imageUrl: z.string(),
})
export type IdentityUser = z.infer<typeof identityUser>

export const ROLES = ['user', 'admin'] as const
export const PLANS = ['free', 'topup', 'monthly', 'yearly'] as const

/** What the web app knows about the signed-in user (`auth.me`). */
export const viewer = identityUser.extend({
  id: z.string(),
  role: z.enum(ROLES),
  isAdmin: z.boolean(),
  plan: z.enum(PLANS),
  trialEndsAt: z.date().nullable(),
  /** Whether the address was proven (the verification link, or Clerk's verified primary e-mail). */
  emailVerified: z.boolean(),
})
export type Viewer = z.infer<typeof viewer>

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 200

export const localSignUpInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(100)
    .check(noControlCharacters('A name must be a single line of text')),
  email: z.email('Enter a valid e-mail address').max(254),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH),
})
export type LocalSignUpInput = z.infer<typeof localSignUpInput>

export const localSignInInput = z.object({
  email: z.email('Enter a valid e-mail address').max(254),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
})
export type LocalSignInInput = z.infer<typeof localSignInInput>

/**
 * Whether an account is an admin: by role, or by a *verified* address listed in ADMIN_EMAILS.
 * An unverified address proves nothing: whoever registered it first would otherwise be admin.
 */
export function isAdmin(
  user: { role: string; email: string; emailVerifiedAt: Date | null },
  adminEmails: readonly string[],
): boolean {
  if (user.role === 'admin') return true
  if (user.emailVerifiedAt === null) return false
  const email = user.email.trim().toLowerCase()
  return email !== '' && adminEmails.some((listed) => listed.trim().toLowerCase() === email)
}
