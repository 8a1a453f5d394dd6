import type { FastifyInstance } from 'fastify'
import type { ContextFactory } from '../app.ts'
import { registerBookmarksRoutes } from './bookmarks.routes.ts'
import { registerGenerationRoutes } from './generation.routes.ts'
import { registerLimitsRoutes } from './limits.routes.ts'
import { registerObjectsRoutes } from './objects.routes.ts'
import { registerResponseRoutes } from './response.routes.ts'

export interface RestDeps {
  createContext: ContextFactory
  adminEmails: readonly string[]
  /** The portal's public origin (APP_URL), for absolute links such as generated media. */
  appUrl: string
}

/**
 * The legacy REST adapter for third-party scripts: the spec's /api/v1 and /api/v2 paths in the
 * original envelope. Each route validates its input and calls the same handler as tRPC.
 */
export async function registerRest(app: FastifyInstance, deps: RestDeps): Promise<void> {
  for (const base of ['/api/v1', '/api/v2']) {
    await app.register(
      async (scope) => {
        registerObjectsRoutes(scope, deps)
        registerGenerationRoutes(scope, deps)
        registerLimitsRoutes(scope, deps)
        // The spec is unsure which base holds the bookmark calls: both do.
        await registerBookmarksRoutes(scope, deps)
        // Like the bookmarks, the dedicated tools' calls live on {bookmarksApi}: both bases hold them.
        await registerResponseRoutes(scope, deps)
      },
      { prefix: base },
    )
  }
}
