import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'

import { createUser } from '@promptly/api/users/ensure-user'
import type { SignUpAnswer } from '@promptly/core/identity/local-account-flows'
import { localSignUpInput } from '@promptly/core/identity/user'
import { MESSAGES } from '@promptly/core/messages'
import type { User } from '@promptly/db/generated/prisma/client'
import { isUniqueViolation } from '@promptly/db/unique-violation'

import { avatarUrl } from '../avatar.ts'
import { sendAlreadyRegisteredMail, sendQuietly, sendVerificationMail } from './account-mail.ts'
import { userOfLocalEmail } from './local-account-lookup.ts'
import {
  parseBody,
  requireStrongPassword,
  sendTooManyRequests,
  startSession,
  type LocalAuthDeps,
} from './local-route-kit.ts'
import { hashPassword } from './password-hashing.ts'

/**
 * `POST /sign-up` answers 202 "check your e-mail" whether or not the address has an account, so
 * the form cannot be used to learn who is registered. A new address gets an unverified account
 * (no credits until the link is followed), a session, and a verification link; a known address
 * gets only a mail saying it already has an account, and nothing about that account changes.
 */
export function registerSignUpRoute(app: FastifyInstance, deps: LocalAuthDeps): void {
  const { signUpThrottle } = deps

  app.post('/sign-up', async (req, reply) => {
    const input = parseBody(localSignUpInput, req.body)
    await requireStrongPassword('password', input.password, [input.name, input.email])
    const decision = await signUpThrottle.attempt(req.ip)
    if (!decision.allowed) return sendTooManyRequests(reply, MESSAGES.tooManySignUps, decision.retryAfterSeconds)

    // Hashed on both paths, so the time taken does not tell a known address from a new one.
    const passwordHash = await hashPassword(input.password)
    const existing = await userOfLocalEmail(deps.db, input.email)
    const created = existing ? undefined : await createLocalAccount(deps, input, passwordHash)
    const known = existing ?? (created ? undefined : await userOfLocalEmail(deps.db, input.email))

    if (created) await startSession(deps, req, reply, created)
    if (created) await sendQuietly(req.log, () => sendVerificationMail(deps, created))
    else if (known) await sendQuietly(req.log, () => sendAlreadyRegisteredMail(deps, known))
    // Nothing about the mail: its link is for the mailbox's owner, who may not be the caller.
    const answer: SignUpAnswer = { checkEmail: true, email: input.email }
    return reply.status(202).send(answer)
  })
}

/**
 * The account and its login in one transaction (never a user nobody can sign in as); undefined
 * when the address was taken meanwhile.
 */
async function createLocalAccount(
  deps: LocalAuthDeps,
  input: { name: string; email: string },
  passwordHash: string,
): Promise<User | undefined> {
  const clerkId = `local_${randomUUID()}`
  const identity = { clerkId, name: input.name, email: input.email, imageUrl: avatarUrl(clerkId) }
  try {
    return await deps.db.$transaction(async (tx) => {
      const user = await createUser(tx, identity)
      await tx.localAccount.create({ data: { userId: user.id, email: input.email, passwordHash } })
      return user
    })
  } catch (error) {
    // The unique key on local_accounts.email decides a race between two sign-ups for one address.
    if (isUniqueViolation(error)) return undefined
    throw error
  }
}
