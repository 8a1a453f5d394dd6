import type { FastifyInstance, FastifyRequest } from 'fastify'

import type { Context, ContextFactory, SignedInUser } from '@promptly/api/context'

import type { ListAnswers } from '../caching/list-answers.ts'
import { registerAdminRoutes } from './admin.routes.ts'
import { acceptApiKeys, type ApiKeyCallerOptions } from './api-key-caller.ts'
import { registerApiKeysRoutes } from './api-keys.routes.ts'
import { registerBookmarksRoutes } from './bookmarks.routes.ts'
import { registerBulkRoutes } from './bulk.routes.ts'
import { registerLimitsRoutes } from './limits.routes.ts'
import { registerObjectsRoutes } from './objects/objects.routes.ts'
import { collectOpenApiRoutes, registerOpenApiPages } from './openapi/register-openapi.ts'
import { registerPlansRoutes } from './plans.routes.ts'
import { registerResponseRoutes } from './response.routes.ts'
import { resolveCallers } from './rest-caller.ts'
import { asRestScope, type RestScope } from './rest-scope.ts'
import { registerTemplatesDeleteRoute, registerToolBuilderObjectsRoutes } from './tool-builder.routes.ts'
import { registerVoicesRoutes } from './voices.routes.ts'

export interface RestDeps {
  createContext: ContextFactory<FastifyRequest>
  adminEmails: readonly string[]
  /** The portal's public origin (APP_URL), for absolute links such as tools' logos. */
  appUrl: string
  /** The list answers' bytes, shared with the list fast path (caching/list-answers.ts). */
  listAnswers: ListAnswers
  /** What the adapter needs to accept personal API keys as `Authorization: Bearer prly_...`. */
  apiKeys: ApiKeyCallerOptions & {
    /** The request's context for a given caller (a key's owner), without asking the identity provider. */
    contextFor: (req: FastifyRequest, user: SignedInUser | null) => Context
  }
}

/**
 * The legacy REST adapter for third-party scripts: the spec's /api/v1 and /api/v2 paths in the
 * original envelope, documented at /api/openapi.json and /api/docs. Each route declares its input
 * and answer with the same zod schemas as tRPC (validated by Fastify), states who may call (the
 * caller is resolved once, by rest-caller.ts's hooks) and calls the same handler as tRPC.
 */
export async function registerRest(app: FastifyInstance, deps: RestDeps): Promise<void> {
  await collectOpenApiRoutes(app)
  // Legacy answers are read on other origins: their site paths (logos) are URLs on the API host.
  const urls = { appUrl: deps.appUrl }
  // Not async: a Fastify instance is thenable, and awaiting one waits for the whole app to load.
  const restScope = (scope: FastifyInstance): RestScope => {
    // First, so every route below (and in nested scopes) accepts keys.
    acceptApiKeys(scope, deps.apiKeys)
    const { createContext, adminEmails, apiKeys } = deps
    resolveCallers(scope, { createContext, contextFor: apiKeys.contextFor, adminEmails })
    return asRestScope(scope)
  }
  for (const base of ['/api/v1', '/api/v2']) {
    await app.register(
      async (scope) => {
        const rest = restScope(scope)
        registerApiKeysRoutes(rest)
        registerObjectsRoutes(rest, urls, deps.listAnswers)
        registerToolBuilderObjectsRoutes(rest)
        registerTemplatesDeleteRoute(rest)
        registerLimitsRoutes(rest)
        registerPlansRoutes(rest)
        registerAdminRoutes(rest)
        // The spec is unsure which base holds the bookmark calls: both do.
        await registerBookmarksRoutes(rest, urls)
        // Like the bookmarks, the dedicated tools' calls live on {bookmarksApi}: both bases hold them.
        await registerResponseRoutes(rest)
        // Newer than the legacy client: under both bases, like every call there, and nowhere else.
        await registerBulkRoutes(rest)
        registerVoicesRoutes(rest)
      },
      { prefix: base },
    )
  }
  // The legacy client called limits, bookmarks, plans, the admin calls and the builder's delete with
  // no prefix too (spec section 7): the same handlers answer there, as under both bases. The other
  // unprefixed legacy paths are a JSON 404 (legacy-api-paths.ts).
  await app.register(async (scope) => {
    const rest = restScope(scope)
    registerLimitsRoutes(rest)
    registerPlansRoutes(rest)
    registerAdminRoutes(rest)
    registerTemplatesDeleteRoute(rest)
    await registerBookmarksRoutes(rest, urls)
  })
  await registerOpenApiPages(app)
}
