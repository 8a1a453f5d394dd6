import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'

import type { CacheBus } from '@promptly/api/caching/cache-bus'
import type { Telemetry } from '@promptly/api/telemetry/telemetry'
import { AppError, badRequest, unauthorized } from '@promptly/core/errors/app-error'
import { isAdmin, type Viewer } from '@promptly/core/identity/user'
import type { Db } from '@promptly/db/client'
import type { User } from '@promptly/db/generated/prisma/client'

import { toLegacyError } from '../../errors/legacy-error-envelope.ts'
import type { AppMail } from '../../mail/register-mail.ts'
import { viewerOf } from '../viewer.ts'
import type { AttemptThrottle } from './login-throttle.ts'
import { judgePasswordStrength } from './password-strength.ts'
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './session-cookie.ts'
import { createSession, deleteSession, findSession, type FoundSession } from './sessions.ts'

/** What every local-account route works with; built once by createLocalIdentity. */
export interface LocalAuthDeps {
  db: Db
  /** The instance's cache bus: ending a session or changing an account clears every instance's identity cache. */
  cacheBus: CacheBus
  adminEmails: readonly string[]
  /** Public origin for the links in mails. */
  appUrl: string
  mail: AppMail
  /** Sign-in guesses per (e-mail, IP); also guards the current password on a change. */
  signInThrottle: AttemptThrottle
  /** Failed sign-ins per client across every e-mail address: password spraying. */
  signInFailuresByClient: AttemptThrottle
  /** Sign-ups per client address per hour. */
  signUpThrottle: AttemptThrottle
  /** Reset requests per (e-mail, IP) per hour. */
  resetThrottle: AttemptThrottle
  /** The clock for tokens and sessions (tests move it). */
  now: () => Date
  /** REFERRAL_DAILY_CAP: a verification pays the visitor's pending referral within it. */
  referralDailyCap: number
  /** Where the trial and referral credits a verification grants are reported (the instance's metrics). */
  telemetry: Pick<Telemetry, 'creditsMoved'>
}

/**
 * Validates with a shared core schema after normalising the e-mail (trimmed, lower-cased), so
 * `Ada@Example.com ` and `ada@example.com` are one account. A ZodError becomes the envelope's 400
 * naming the field and the schema's message ("password: Password must be at least 8 characters").
 */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const normalised =
    typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string'
      ? { ...body, email: body.email.trim().toLowerCase() }
      : body
  return schema.parse(normalised)
}

/** A weak new password is a 400 naming its field, like any other invalid field. */
export async function requireStrongPassword(
  field: string,
  password: string,
  accountWords: readonly string[],
): Promise<void> {
  const verdict = await judgePasswordStrength(password, accountWords)
  if (!verdict.ok) throw badRequest(`${field}: ${verdict.message}`)
}

/** The signed-in session of the request, or 401. */
export async function requireSession(deps: LocalAuthDeps, req: FastifyRequest): Promise<FoundSession> {
  const token = sessionTokenOf(req)
  const found = token ? await findSession(deps.db, token, deps.now()) : null
  if (!found) throw unauthorized()
  return found
}

export function viewerFor(deps: LocalAuthDeps, user: User): Viewer {
  return viewerOf({ ...user, isAdmin: isAdmin(user, deps.adminEmails) })
}

/**
 * Signs this browser in as `user`: a new session (with its device and address for the session
 * list) and its cookie. The session the browser held until now, if any, is ended rather than orphaned.
 */
export async function startSession(deps: LocalAuthDeps, req: FastifyRequest, reply: FastifyReply, user: User) {
  const previousToken = sessionTokenOf(req)
  if (previousToken) await deleteSession(deps.db, deps.cacheBus, previousToken)
  const client = { userAgent: req.headers['user-agent'] ?? '', ip: req.ip }
  setSessionCookie(req, reply, await createSession(deps.db, user.id, deps.now(), client))
}

export function endBrowserSession(reply: FastifyReply): void {
  clearSessionCookie(reply.request, reply)
}

/** 429 in the legacy envelope with Retry-After in seconds. */
export function sendTooManyRequests(reply: FastifyReply, message: string, retryAfterSeconds: number): FastifyReply {
  const { statusCode, body } = toLegacyError(new AppError('TOO_MANY_REQUESTS', message))
  return reply
    .status(statusCode)
    .header('retry-after', String(Math.max(1, retryAfterSeconds)))
    .send(body)
}
