import type { FastifyInstance } from 'fastify'

import type { Db } from '@promptly/db/client'

import { registerAvatarRoute } from './avatar.ts'
import type { IdentityProvider } from './identity-provider.ts'
import { requestUser } from './request-user.ts'
import { viewerOf } from './viewer.ts'

export interface AuthRouteDeps {
  identity: IdentityProvider
  db: Db
  adminEmails: readonly string[]
}

/**
 * Routes every identity provider serves the same way: `GET /api/auth/me` (who is signed in, or
 * null: never 401, the signed-out state is an answer) and the generated avatars.
 */
export function registerAuthRoutes(app: FastifyInstance, { identity, db, adminEmails }: AuthRouteDeps): void {
  app.get('/api/auth/me', async (req, reply) => {
    const user = await requestUser(req, identity, adminEmails)
    reply.header('cache-control', 'no-store')
    return { user: user ? viewerOf(user) : null }
  })
  registerAvatarRoute(app, db)
}
