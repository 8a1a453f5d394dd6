import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import { markEmailVerified } from '@promptly/api/users/verify-email'
import { AppError } from '@promptly/core/errors/app-error'
import { VERIFIED_QUERY, type MailSentAnswer } from '@promptly/core/identity/local-account-flows'
import { MESSAGES, resendWaitMessage } from '@promptly/core/messages'

import { sendVerificationMail } from './account-mail.ts'
import { consumeEmailToken, findUsableEmailToken, latestEmailTokenAt } from './email-tokens.ts'
import { requireSession, sendTooManyRequests, type LocalAuthDeps } from './local-route-kit.ts'
import { accountChanged } from './sessions.ts'

/** A new verification mail at most this often per account. */
export const RESEND_COOLDOWN_MS = 60 * 1000

const verifyQuery = z.object({ token: z.string().max(200).optional() })

/**
 * `GET /verify-email?token=` (a plain link: works without JavaScript, lands on the profile) and
 * `POST /verify-email/resend`.
 */
export function registerEmailVerificationRoutes(app: FastifyInstance, deps: LocalAuthDeps): void {
  const { db } = deps

  app.get('/verify-email', async (req, reply) => {
    const token = verifyQuery.safeParse(req.query).data?.token ?? ''
    const now = deps.now()
    // Token spent and address verified (with the trial it starts) together or not at all.
    const verifiedUserId = await db.$transaction(async (tx) => {
      const found = await findUsableEmailToken(tx, token, 'verify_email', now)
      if (!found || !(await consumeEmailToken(tx, found.id, now))) return null
      const { referralDailyCap, telemetry } = deps
      await markEmailVerified(tx, found.userId, { referralDailyCap, now, telemetry })
      return found.userId
    })
    // The profile this lands on (and an admin address's rights) must see the verified account at once.
    if (verifiedUserId) await accountChanged(deps.cacheBus, verifiedUserId)
    const verified = verifiedUserId !== null
    return reply.redirect(`/profile?verified=${verified ? VERIFIED_QUERY.ok : VERIFIED_QUERY.invalid}`, 303)
  })

  app.post('/verify-email/resend', async (req, reply) => {
    const { user } = await requireSession(deps, req)
    if (user.emailVerifiedAt) throw new AppError('CONFLICT', MESSAGES.emailAlreadyVerified)
    const latest = await latestEmailTokenAt(db, user.id, 'verify_email')
    const waitMs = latest ? latest.getTime() + RESEND_COOLDOWN_MS - deps.now().getTime() : 0
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000)
      return sendTooManyRequests(reply, resendWaitMessage(seconds), seconds)
    }
    await sendVerificationMail(deps, user)
    const answer: MailSentAnswer = {}
    return reply.status(202).send(answer)
  })
}
