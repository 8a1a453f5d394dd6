import type { FastifyInstance } from 'fastify'

import { AppError } from '@promptly/core/errors/app-error'
import { localSignInInput } from '@promptly/core/identity/user'
import { MESSAGES } from '@promptly/core/messages'

import { registerAccountRoutes } from './account-routes.ts'
import { registerEmailVerificationRoutes } from './email-verification-routes.ts'
import {
  endBrowserSession,
  parseBody,
  sendTooManyRequests,
  startSession,
  viewerFor,
  type LocalAuthDeps,
} from './local-route-kit.ts'
import { LoginThrottle } from './login-throttle.ts'
import { hashPassword, needsRehash, verifyAgainstDummyHash, verifyPassword } from './password-hashing.ts'
import { registerPasswordResetRoutes } from './password-reset-routes.ts'
import { sessionTokenOf } from './session-cookie.ts'
import { deleteSession } from './sessions.ts'
import { registerSignUpRoute } from './sign-up-route.ts'

export const LOCAL_AUTH_PREFIX = '/api/auth/local'

/**
 * E-mail and password accounts under /api/auth/local: sign-up, sign-in, sign-out, e-mail
 * verification, password reset and change, and the session list. Bodies are JSON only, and a
 * request from another site's page is refused before it gets here (plugins/cross-site-writes.ts),
 * so nobody can sign a visitor into an account of theirs (login CSRF). No answer here may be cached.
 */
export async function registerLocalAuthRoutes(app: FastifyInstance, deps: LocalAuthDeps): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onSend', async (_req, reply) => {
        reply.header('cache-control', 'no-store')
      })
      registerSignInRoutes(scope, deps)
      registerSignUpRoute(scope, deps)
      registerEmailVerificationRoutes(scope, deps)
      registerPasswordResetRoutes(scope, deps)
      registerAccountRoutes(scope, deps)
    },
    { prefix: LOCAL_AUTH_PREFIX },
  )
}

function registerSignInRoutes(app: FastifyInstance, deps: LocalAuthDeps): void {
  const { db, signInThrottle, signInFailuresByClient } = deps

  app.post('/sign-in', async (req, reply) => {
    const input = parseBody(localSignInInput, req.body)
    const throttleKey = LoginThrottle.keyFor(input.email, req.ip)
    const decision = await signInThrottle.attempt(throttleKey)
    if (!decision.allowed) return sendTooManyRequests(reply, MESSAGES.tooManyAttempts, decision.retryAfterSeconds)
    // Counted as a failure from the start, and forgiven if the password is right: a client past its
    // limit is refused before any hashing, and parallel guesses cannot all pass before the first
    // failure is recorded. Same words as the per-pair limit: the visitor's advice is the same.
    const client = LoginThrottle.clientKeyFor(req.ip)
    const clientDecision = await signInFailuresByClient.attempt(client)
    if (!clientDecision.allowed) {
      return sendTooManyRequests(reply, MESSAGES.tooManyAttempts, clientDecision.retryAfterSeconds)
    }

    const account = await db.localAccount.findUnique({ where: { email: input.email }, include: { user: true } })
    // Unknown e-mail and wrong password cost the same hashing work and give the same answer.
    const passwordMatches = account
      ? await verifyPassword(account.passwordHash, input.password)
      : await verifyAgainstDummyHash(input.password)
    if (!account || !passwordMatches) throw new AppError('UNAUTHORIZED', MESSAGES.wrongCredentials)

    await signInThrottle.succeeded(throttleKey)
    // Only this attempt is forgiven, not the client's earlier failures: a sprayer holding one valid
    // account could otherwise sign into it between guesses and spray on without end.
    await signInFailuresByClient.forgiveAttempt(client)
    if (needsRehash(account.passwordHash)) {
      await db.localAccount.update({
        where: { userId: account.userId },
        data: { passwordHash: await hashPassword(input.password) },
      })
    }
    await startSession(deps, req, reply, account.user)
    return { user: viewerFor(deps, account.user) }
  })

  app.post('/sign-out', async (req, reply) => {
    const token = sessionTokenOf(req)
    if (token) await deleteSession(db, deps.cacheBus, token)
    endBrowserSession(reply)
    return reply.status(204).send()
  })
}
