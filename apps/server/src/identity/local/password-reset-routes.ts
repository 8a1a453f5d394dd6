import type { FastifyInstance } from 'fastify'

import { markEmailVerified } from '@promptly/api/users/verify-email'
import { badRequest } from '@promptly/core/errors/app-error'
import {
  passwordResetConfirmInput,
  passwordResetRequestInput,
  type MailSentAnswer,
} from '@promptly/core/identity/local-account-flows'
import { MESSAGES } from '@promptly/core/messages'

import { sendPasswordChangedMail, sendQuietly, sendResetMail } from './account-mail.ts'
import { consumeEmailToken, findUsableEmailToken } from './email-tokens.ts'
import { userOfLocalEmail } from './local-account-lookup.ts'
import {
  parseBody,
  requireStrongPassword,
  sendTooManyRequests,
  startSession,
  viewerFor,
  type LocalAuthDeps,
} from './local-route-kit.ts'
import { LoginThrottle } from './login-throttle.ts'
import { hashPassword } from './password-hashing.ts'
import { deleteUserSessions } from './sessions.ts'

/** `POST /password-reset` (ask for a link) and `POST /password-reset/confirm` (use it). */
export function registerPasswordResetRoutes(app: FastifyInstance, deps: LocalAuthDeps): void {
  const { db, resetThrottle } = deps

  // The same 202 whether or not the address has an account, and nothing about the mail: the answer
  // tells a stranger neither who is registered nor where the link is.
  app.post('/password-reset', async (req, reply) => {
    const input = parseBody(passwordResetRequestInput, req.body)
    const decision = await resetThrottle.attempt(LoginThrottle.keyFor(input.email, req.ip))
    if (!decision.allowed) return sendTooManyRequests(reply, MESSAGES.tooManyResetRequests, decision.retryAfterSeconds)
    const user = await userOfLocalEmail(db, input.email)
    // Sent after the answer, so its time does not tell a known address from an unknown one either.
    if (user) void sendQuietly(req.log, () => sendResetMail(deps, user))
    const answer: MailSentAnswer = {}
    return reply.status(202).send(answer)
  })

  app.post('/password-reset/confirm', async (req, reply) => {
    const input = parseBody(passwordResetConfirmInput, req.body)
    const now = deps.now()
    const found = await findUsableEmailToken(db, input.token, 'reset_password', now)
    if (!found) throw badRequest(MESSAGES.resetLinkInvalid)
    await requireStrongPassword('password', input.password, [found.user.name, found.user.email])
    const passwordHash = await hashPassword(input.password)

    const user = await db.$transaction(async (tx) => {
      if (!(await consumeEmailToken(tx, found.id, now))) return null
      await tx.localAccount.update({ where: { userId: found.userId }, data: { passwordHash } })
      // Every other reset link dies with this one, and every session ends: whoever knew the old
      // password, or held a session, is out.
      await tx.emailToken.updateMany({
        where: { userId: found.userId, purpose: 'reset_password', usedAt: null },
        data: { usedAt: now },
      })
      await deleteUserSessions(tx, deps.cacheBus, found.userId)
      // The link reached the mailbox, which proves the address as a verification link would.
      return markEmailVerified(tx, found.userId, {
        referralDailyCap: deps.referralDailyCap,
        now,
        telemetry: deps.telemetry,
      })
    })
    if (!user) throw badRequest(MESSAGES.resetLinkInvalid)

    await startSession(deps, req, reply, user)
    await sendQuietly(req.log, () => sendPasswordChangedMail(deps, user))
    return { user: viewerFor(deps, user) }
  })
}
