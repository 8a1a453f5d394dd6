import { randomUUID } from 'node:crypto'
import { createUser } from '@promptly/api/users/ensure-user'
import { AppError } from '@promptly/core/errors/app-error'
import { isAdmin, localSignInInput, localSignUpInput } from '@promptly/core/identity/user'
import { MESSAGES } from '@promptly/core/messages'
import type { Db } from '@promptly/db/client'
import type { User } from '@promptly/db/generated/prisma/client'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { toLegacyError } from '../../rest/envelope.ts'
import { avatarUrl } from '../avatar.ts'
import { viewerOf } from '../viewer.ts'
import { LoginThrottle } from './login-throttle.ts'
import { hashPassword, needsRehash, verifyAgainstDummyHash, verifyPassword } from './password-hashing.ts'
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './session-cookie.ts'
import { createSession, deleteSession } from './sessions.ts'

export interface LocalAuthRouteDeps {
  db: Db
  adminEmails: readonly string[]
  /** Secure cookies: true in production (HTTPS). */
  secureCookies: boolean
  throttle: LoginThrottle
}

/**
 * E-mail and password accounts: sign-up, sign-in, sign-out under /api/auth/local.
 * Bodies are JSON only; a cross-site HTML form can post only form or text bodies, which fail
 * validation here, so nobody can sign a visitor into an account of theirs (login CSRF).
 */
export function registerLocalAuthRoutes(app: FastifyInstance, deps: LocalAuthRouteDeps): void {
  const { db, adminEmails, secureCookies, throttle } = deps

  async function signInAs(req: FastifyRequest, reply: FastifyReply, user: User) {
    // The session the browser held until now (if any) is replaced, so end it rather than orphan it.
    const previousToken = sessionTokenOf(req)
    if (previousToken) await deleteSession(db, previousToken)
    setSessionCookie(reply, await createSession(db, user.id), secureCookies)
    reply.header('cache-control', 'no-store')
    return { user: viewerOf({ ...user, isAdmin: isAdmin(user, adminEmails) }) }
  }

  app.post('/api/auth/local/sign-up', async (req, reply) => {
    const input = parseBody(localSignUpInput, req.body)
    // Fast path for the common case; the unique key on local_accounts.email decides under a race.
    const taken = await db.localAccount.findUnique({ where: { email: input.email }, select: { userId: true } })
    if (taken) throw emailTaken()

    const passwordHash = await hashPassword(input.password)
    const clerkId = `local_${randomUUID()}`
    const identity = { clerkId, name: input.name, email: input.email, imageUrl: avatarUrl(clerkId) }
    let user: User
    try {
      // The account and its login in one transaction: never a user nobody can sign in as.
      user = await db.$transaction(async (tx) => {
        const created = await createUser(tx, identity)
        await tx.localAccount.create({ data: { userId: created.id, email: input.email, passwordHash } })
        return created
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken()
      throw error
    }
    reply.status(201)
    return signInAs(req, reply, user)
  })

  app.post('/api/auth/local/sign-in', async (req, reply) => {
    const input = parseBody(localSignInInput, req.body)
    const throttleKey = LoginThrottle.keyFor(input.email, req.ip)
    const decision = throttle.attempt(throttleKey)
    if (!decision.allowed) {
      const { statusCode, body } = toLegacyError(new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyAttempts))
      return reply.status(statusCode).header('retry-after', String(decision.retryAfterSeconds)).send(body)
    }

    const account = await db.localAccount.findUnique({ where: { email: input.email }, include: { user: true } })
    // Unknown e-mail and wrong password cost the same hashing work and give the same answer.
    const passwordMatches = account
      ? await verifyPassword(account.passwordHash, input.password)
      : await verifyAgainstDummyHash(input.password)
    if (!account || !passwordMatches) throw new AppError('UNAUTHORIZED', MESSAGES.wrongCredentials)

    throttle.succeeded(throttleKey)
    if (needsRehash(account.passwordHash)) {
      await db.localAccount.update({
        where: { userId: account.userId },
        data: { passwordHash: await hashPassword(input.password) },
      })
    }
    return signInAs(req, reply, account.user)
  })

  app.post('/api/auth/local/sign-out', async (req, reply) => {
    const token = sessionTokenOf(req)
    if (token) await deleteSession(db, token)
    clearSessionCookie(reply, secureCookies)
    return reply.status(204).send()
  })
}

/**
 * Validates with the shared core schema after normalising the e-mail (trimmed, lower-cased), so
 * `Ada@Example.com ` and `ada@example.com` are one account. A ZodError becomes the envelope's 400
 * naming the field and the schema's message ("password: Password must be at least 8 characters").
 */
function parseBody<Schema extends typeof localSignUpInput | typeof localSignInInput>(
  schema: Schema,
  body: unknown,
): z.infer<Schema> {
  const normalised =
    typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string'
      ? { ...body, email: body.email.trim().toLowerCase() }
      : body
  return schema.parse(normalised) as z.infer<Schema>
}

function emailTaken(): AppError {
  return new AppError('CONFLICT', MESSAGES.emailTaken)
}

/** Prisma's P2002: a unique constraint refused the row. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002'
}
