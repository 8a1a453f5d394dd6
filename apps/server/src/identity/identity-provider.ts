import type { FastifyInstance, FastifyRequest } from 'fastify'

import type { User } from '@promptly/db/generated/prisma/client'

/**
 * Who is asking. Two implementations, chosen once from config (services.ts):
 * Clerk when its keys are set, local e-mail/password accounts otherwise.
 */
export interface IdentityProvider {
  readonly kind: 'local' | 'clerk'
  /** Registers the provider's own routes and hooks (sign-in endpoints, Clerk's request plugin...). */
  register(app: FastifyInstance): Promise<void>
  /**
   * The stored account behind the request's credentials (cookie or `Authorization: Bearer`), created
   * on first sign-in. Null when there are none or they are invalid or expired; never throws for that.
   */
  identify(req: FastifyRequest): Promise<User | null>
  /**
   * The caller as far as it is known with no I/O, from the raw headers (for a hook that runs before
   * all others, the catalogue fast path): null when the request carries no credentials this provider
   * reads, the account of a credential verified within the last seconds (identity-cache.ts; a Clerk
   * token is known until it expires, clerk/clerk-token-cache.ts), and undefined whenever only
   * `identify` can tell.
   */
  knownCaller(req: FastifyRequest): User | null | undefined
}
