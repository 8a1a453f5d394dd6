import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { OPENAPI_DEFINITION, restOperation } from './openapi-document.ts'

export const OPENAPI_JSON_PATH = '/api/openapi.json'
export const DOCS_PAGE_PATH = '/api/docs'

/**
 * Collects the routes registered after it (call it before the REST routes). Only tagged routes
 * are documented: the REST routes tag themselves; the web app, media and docs routes do not.
 */
export async function collectOpenApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(swagger, { openapi: OPENAPI_DEFINITION, transform: restOperation, hideUntagged: true })
}

/**
 * The document at /api/openapi.json and a docs page (Swagger UI) at /api/docs, whose scripts,
 * styles and images are files of the npm package served from here: the page loads nothing from
 * elsewhere and runs under the app's Content-Security-Policy ('self' only).
 */
export async function registerOpenApiPages(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger())
  await app.register(swaggerUi, {
    routePrefix: DOCS_PAGE_PATH,
    theme: { title: 'Promptly REST API' },
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
  })
}
