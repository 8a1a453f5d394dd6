import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'

import { OPENAPI_DEFINITION, restOperation } from './openapi-document.ts'

export const OPENAPI_JSON_PATH = '/api/openapi.json'
export const DOCS_PAGE_PATH = '/api/docs'

/**
 * The docs page's own policy, stricter than the app's (no Clerk hosts, no https: fonts): everything
 * from this origin. Swagger UI sets inline styles, hence 'unsafe-inline' styles; its logo is a data: image.
 */
const DOCS_PAGE_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join('; ')

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
 * elsewhere, and its routes answer with a Content-Security-Policy that allows this origin only.
 */
export async function registerOpenApiPages(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger())
  await app.register(swaggerUi, {
    routePrefix: DOCS_PAGE_PATH,
    theme: { title: 'Promptly REST API' },
    staticCSP: DOCS_PAGE_CSP,
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
  })
}
