import type { FastifyInstance } from 'fastify'
import type { ContextFactory } from '../app.ts'
import { registerLimitsRoutes } from './limits.routes.ts'
import { registerObjectsRoutes } from './objects.routes.ts'

export interface RestDeps {
  createContext: ContextFactory
  adminEmails: readonly string[]
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
        registerLimitsRoutes(scope, deps)
      },
      { prefix: base },
    )
  }
}
