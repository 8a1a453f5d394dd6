import type { FastifyRequest } from 'fastify'

import type { SignedInUser } from '@promptly/api/context'
import { isAdmin } from '@promptly/core/identity/user'
import type { User } from '@promptly/db/generated/prisma/client'

import type { IdentityProvider } from './identity-provider.ts'

const resolved = new WeakMap<FastifyRequest, Promise<SignedInUser | null>>()

/** The signed-in user of a request, looked up once however many handlers ask. */
export function requestUser(
  req: FastifyRequest,
  identity: IdentityProvider,
  adminEmails: readonly string[],
): Promise<SignedInUser | null> {
  let user = resolved.get(req)
  if (!user) {
    user = identity.identify(req).then((stored) => (stored ? signedInUserOf(stored, adminEmails) : null))
    resolved.set(req, user)
  }
  return user
}

/**
 * The admin decision for a stored account. Always from the stored row: ADMIN_EMAILS counts only once
 * `emailVerifiedAt` is set, and only the database knows that (never a client's claim or a profile).
 */
export function signedInUserOf(stored: User, adminEmails: readonly string[]): SignedInUser {
  return { ...stored, isAdmin: isAdmin(stored, adminEmails) }
}
