import type { z } from 'zod'

import {
  mailSentAnswer,
  sessionList,
  signUpAnswer,
  type ChangePasswordInput,
  type MailSentAnswer,
  type PasswordResetConfirmInput,
  type SessionSummary,
  type SignUpAnswer,
} from '@promptly/core/identity/local-account-flows'
import type { LocalSignInInput, LocalSignUpInput } from '@promptly/core/identity/user'

import { AuthRequestError, request, UNAVAILABLE } from './local-auth-request.ts'

/** Reads a JSON answer with `schema`; an answer of another shape is the server being unavailable. */
async function parsed<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  const result = schema.safeParse(await response.json().catch(() => null))
  if (!result.success) throw new AuthRequestError(UNAVAILABLE, response.status, 'BAD_RESPONSE')
  return result.data
}

/**
 * Sends a call whose answer carries nothing the page needs, and reads that answer to its end. A
 * response left unread stays open in the browser until the document goes, and is then cut off
 * (ERR_ABORTED in the network panel): the page moves on only after a finished request.
 */
async function send(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<void> {
  const response = await request(method, path, body)
  await response.arrayBuffer()
}

/** A session with its times read as dates. */
export type SessionInfo = Omit<SessionSummary, 'createdAt' | 'lastSeenAt'> & { createdAt: Date; lastSeenAt: Date }

export async function signInLocal(input: LocalSignInInput): Promise<void> {
  await send('POST', '/sign-in', input)
}

/** Answers the same for a new and a known address; only a new account is signed in. */
export async function signUpLocal(input: LocalSignUpInput): Promise<SignUpAnswer> {
  return parsed(await request('POST', '/sign-up', input), signUpAnswer)
}

export async function resendVerificationMail(): Promise<MailSentAnswer> {
  return parsed(await request('POST', '/verify-email/resend'), mailSentAnswer)
}

export async function requestPasswordReset(email: string): Promise<MailSentAnswer> {
  return parsed(await request('POST', '/password-reset', { email }), mailSentAnswer)
}

/** Sets the new password; the server ends every other session and signs this browser in (re-read `auth.me`). */
export async function confirmPasswordReset(input: PasswordResetConfirmInput): Promise<void> {
  await send('POST', '/password-reset/confirm', input)
}

/** The server ends every other session of the account. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await send('POST', '/password', input)
}

export async function listSessions(): Promise<SessionInfo[]> {
  const { sessions } = await parsed(await request('GET', '/sessions'), sessionList)
  return sessions.map((session) => ({
    ...session,
    createdAt: new Date(session.createdAt),
    lastSeenAt: new Date(session.lastSeenAt),
  }))
}

export async function endSession(id: string): Promise<void> {
  await send('DELETE', `/sessions/${encodeURIComponent(id)}`)
}

export async function signOutEverywhere(): Promise<void> {
  await send('POST', '/sign-out-everywhere')
}
