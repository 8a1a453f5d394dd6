import { z } from 'zod'

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './user.ts'

/**
 * Inputs and answers of the local-account flows beyond sign-in (verification, reset, change
 * password, sessions): the server validates with these, the web app types its calls with them.
 * Password *strength* is judged on the server only (a large dictionary that the web bundle does not carry).
 */
const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH)

const email = z.email('Enter a valid e-mail address').max(254)

/** Links sent by e-mail carry 32 random bytes in base64url: 43 characters. */
export const emailLinkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid')

export const passwordResetRequestInput = z.object({ email })
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestInput>

export const passwordResetConfirmInput = z.object({ token: z.string().max(200), password: newPassword })
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmInput>

export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX_LENGTH),
  newPassword,
})
export type ChangePasswordInput = z.infer<typeof changePasswordInput>

/** Sign-up's answer, the same whether or not the address already had an account. */
export const signUpAnswer = z.object({
  checkEmail: z.literal(true),
  email: z.string(),
})
export type SignUpAnswer = z.infer<typeof signUpAnswer>

/**
 * Answer of the calls that send a mail (resend verification, ask for a reset): empty, the same for
 * every caller. The mail's link is for the mailbox's owner only.
 */
export const mailSentAnswer = z.object({})
export type MailSentAnswer = z.infer<typeof mailSentAnswer>

/** A session as the profile lists it; `id` identifies it for ending it and is no credential. */
export const sessionSummary = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  userAgent: z.string(),
  ip: z.string(),
  current: z.boolean(),
})
export type SessionSummary = z.infer<typeof sessionSummary>

export const sessionList = z.object({ sessions: z.array(sessionSummary) })
export type SessionList = z.infer<typeof sessionList>

/** Where the verification link lands: `/profile?verified=1` or `/profile?verified=invalid`. */
export const VERIFIED_QUERY = { ok: '1', invalid: 'invalid' } as const
