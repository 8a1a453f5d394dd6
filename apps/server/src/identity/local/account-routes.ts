import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import { badRequest, notFound } from '@promptly/core/errors/app-error'
import { changePasswordInput, type SessionList } from '@promptly/core/identity/local-account-flows'
import { MESSAGES } from '@promptly/core/messages'

import { sendPasswordChangedMail, sendQuietly } from './account-mail.ts'
import {
  endBrowserSession,
  parseBody,
  requireSession,
  requireStrongPassword,
  sendTooManyRequests,
  viewerFor,
  type LocalAuthDeps,
} from './local-route-kit.ts'
import { LoginThrottle } from './login-throttle.ts'
import { hashPassword, verifyPassword } from './password-hashing.ts'
import { deleteUserSession, deleteUserSessions } from './sessions.ts'

/** A session's id in the list is its token's SHA-256 (hex): it names the session, it cannot sign anyone in. */
const sessionIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/) })

/** The signed-in user's own account: change password, list and end sessions. */
export function registerAccountRoutes(app: FastifyInstance, deps: LocalAuthDeps): void {
  const { db, signInThrottle } = deps

  app.post('/password', async (req, reply) => {
    const { sessionId, user } = await requireSession(deps, req)
    const input = parseBody(changePasswordInput, req.body)
    // Guessing the current password from a stolen session is throttled like guessing at sign-in.
    const throttleKey = LoginThrottle.keyFor(user.email, req.ip)
    const decision = await signInThrottle.attempt(throttleKey)
    if (!decision.allowed) return sendTooManyRequests(reply, MESSAGES.tooManyAttempts, decision.retryAfterSeconds)
    const account = await db.localAccount.findUnique({ where: { userId: user.id } })
    if (!account || !(await verifyPassword(account.passwordHash, input.currentPassword))) {
      throw badRequest(`currentPassword: ${MESSAGES.currentPasswordWrong}`)
    }
    await signInThrottle.succeeded(throttleKey)
    await requireStrongPassword('newPassword', input.newPassword, [user.name, user.email])
    const passwordHash = await hashPassword(input.newPassword)
    await db.$transaction(async (tx) => {
      await tx.localAccount.update({ where: { userId: user.id }, data: { passwordHash } })
      // This browser stays signed in; every other one must sign in with the new password.
      await deleteUserSessions(tx, deps.cacheBus, user.id, sessionId)
    })
    await sendQuietly(req.log, () => sendPasswordChangedMail(deps, user))
    return { user: viewerFor(deps, user) }
  })

  app.get('/sessions', async (req) => {
    const { sessionId, user } = await requireSession(deps, req)
    const rows = await db.session.findMany({
      where: { userId: user.id, expiresAt: { gt: deps.now() } },
      orderBy: [{ lastSeenAt: 'desc' }, { createdAt: 'desc' }],
    })
    const answer: SessionList = {
      sessions: rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        userAgent: row.userAgent,
        ip: row.ip,
        current: row.id === sessionId,
      })),
    }
    return answer
  })

  // Only the user's own sessions: any other id, real or not, is the same 404.
  app.delete('/sessions/:id', async (req, reply) => {
    const { sessionId, user } = await requireSession(deps, req)
    const parsed = sessionIdParams.safeParse(req.params)
    if (!parsed.success) throw notFound()
    if (!(await deleteUserSession(db, deps.cacheBus, user.id, parsed.data.id))) throw notFound()
    if (parsed.data.id === sessionId) endBrowserSession(reply)
    return reply.status(204).send()
  })

  app.post('/sign-out-everywhere', async (req, reply) => {
    const { user } = await requireSession(deps, req)
    await deleteUserSessions(db, deps.cacheBus, user.id)
    endBrowserSession(reply)
    return reply.status(204).send()
  })
}
