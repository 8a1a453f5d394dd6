import type { FastifyInstance, FastifyRequest } from 'fastify'

import type { SignedInUser } from '@promptly/api/context'
import { isAdmin } from '@promptly/core/identity/user'
import type { User } from '@promptly/db/generated/prisma/client'

import type { IdentityProvider } from './identity-provider.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's one lookup of its signed-in user, started by the first handler that asks (requestUser). */
    signedInUser: Promise<SignedInUser | null> | null
  }
}

/** Gives every request of the app its place for the lookup: on the root instance, before any route. */
export function decorateRequestUser(app: FastifyInstance): void {
  app.decorateRequest('signedInUser', null)
}

/** The signed-in user of a request, looked up once however many handlers ask. */
export function requestUser(
  req: FastifyRequest,
  identity: IdentityProvider,
  adminEmails: readonly string[],
): Promise<SignedInUser | null> {
  req.signedInUser ??= identity.identify(req).then((stored) => (stored ? signedInUserOf(stored, adminEmails) : null))
  return req.signedInUser
}

/**
 * The admin decision for a stored account. Always from the stored row: ADMIN_EMAILS counts only once
 * `emailVerifiedAt` is set, and only the database knows that (never a client's claim or a profile).
 */
export function signedInUserOf(stored: User, adminEmails: readonly string[]): SignedInUser {
  return { ...stored, isAdmin: isAdmin(stored, adminEmails) }
}
