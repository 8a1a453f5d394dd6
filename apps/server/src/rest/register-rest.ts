import type { Context, SignedInUser } from '@promptly/api/context'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ContextFactory } from '../app.ts'
import { acceptApiKeys, apiKeyCallerOf, type ApiKeyCallerOptions } from './api-key-caller.ts'
import { registerApiKeysRoutes } from './api-keys.routes.ts'
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
  /** What the adapter needs to accept personal API keys as `Authorization: Bearer prly_...`. */
  apiKeys: ApiKeyCallerOptions & {
    /** The request's context for a given caller (a key's owner), without asking the identity provider. */
    contextFor: (req: FastifyRequest, user: SignedInUser | null) => Context
  }
}

/**
 * The legacy REST adapter for third-party scripts: the spec's /api/v1 and /api/v2 paths in the
 * original envelope. Each route validates its input and calls the same handler as tRPC.
 */
export async function registerRest(app: FastifyInstance, given: RestDeps): Promise<void> {
  const deps: RestDeps = { ...given, createContext: restContextFactory(given) }
  for (const base of ['/api/v1', '/api/v2']) {
    await app.register(
      async (scope) => {
        // First, so every route below (and in nested scopes) accepts keys.
        acceptApiKeys(scope, deps.apiKeys)
        await registerApiKeysRoutes(scope, deps)
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
  // The legacy client called limits and bookmarks with no prefix too (spec section 7): the same
  // handlers answer there. The other unprefixed legacy paths are a JSON 404 (legacy-api-paths.ts).
  await app.register(async (scope) => {
    acceptApiKeys(scope, deps.apiKeys)
    registerLimitsRoutes(scope, deps)
    await registerBookmarksRoutes(scope, deps)
  })
}

/**
 * A request made with an API key is its owner's, with no admin rights whatever the owner's role:
 * a script's key must never act on other accounts. Other requests are identified as everywhere else.
 */
function restContextFactory({ createContext, apiKeys }: RestDeps): ContextFactory {
  return async (req) => {
    const keyCaller = apiKeyCallerOf(req)
    return keyCaller ? apiKeys.contextFor(req, { ...keyCaller.user, isAdmin: false }) : createContext(req)
  }
}
