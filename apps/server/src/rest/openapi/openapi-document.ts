import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger'
import type { FastifySchema } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import type { z } from 'zod'

import { SESSION_COOKIE } from '../../identity/local/session-cookie.ts'
import { acceptedScopes } from '../api-key-scopes.ts'
import { callerRule, type CallerRule } from '../rest-caller.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart upload's fields as a JSON schema, for the OpenAPI document only (the route reads the parts). */
    multipartBody?: Record<string, unknown>
    /**
     * The JSON body of a route that also takes a multipart upload (`multipartBody`), for the document
     * only: Fastify validates one body schema whatever the content type, so the route parses it itself.
     */
    jsonBody?: z.ZodType
  }
}

/** The document's frame; the paths come from the REST routes' own zod schemas (restOperation below). */
export const OPENAPI_DEFINITION: NonNullable<FastifyDynamicSwaggerOptions['openapi']> = {
  openapi: '3.1.0',
  info: {
    title: 'Promptly REST API',
    version: '1',
    description: [
      'The legacy REST API for scripts. `/api/v1` and `/api/v2` hold the same calls, and `/limits`,',
      '`/limits/decrease`, `/bookmarks`, `/bookmarks/add-remove/{toolId}`, the plan and payment calls, the',
      "admin console's calls (`/user/get/all`, `/admin/all`, `/admin/search`, `/admin/addCreditManual`) and the",
      "tool-builder's delete, `/templates/delete/{id}`, answer with no prefix too.",
      'Answers use the legacy envelope: `{ status: "OK", message, data }` (status `"Inserted"` with a 201, as',
      'the original said; the catalogue calls carry their payload in `message`), errors',
      '`{ status: "error", error, message, code }` with the HTTP status; a bulk run\'s results are the file',
      'itself. Entities carry the names and units of the original product beside the newer fields:',
      "a tool's `_id`, `templete`, `accoLogo` and `description`,",
      "a plan offer's `expairy` (days), `price` (dollars) and `limit` (credits), a purchase's `price` and",
      "`creditOptained`, the limits' `plan`, `current_limit` and `max_limit`.",
      'Other unprefixed legacy paths answer a JSON 404. A `clerkId` in the query must name the caller;',
      'an admin signed in with a session acts on the account it names, and that is written to the audit log',
      "(the admin console's own calls do not read it).",
    ].join(' '),
  },
  tags: [
    { name: 'Catalogue', description: 'Tools and categories; they work signed out' },
    { name: 'Generation', description: 'Runs a tool; charges credits' },
    { name: 'Dedicated tools', description: 'Paraphrase, images, speech and transcription; charge credits' },
    { name: 'Credits', description: 'Plan, credits left, referrals and usage reports' },
    { name: 'Bookmarks', description: "The caller's bookmarked tools" },
    { name: 'API keys', description: 'Personal API keys for scripts' },
    {
      name: 'Bulk runs',
      description: 'One tool over many rows (JSON rows or a CSV upload); each delivered row is charged once',
    },
    { name: 'Plans', description: 'Plan offers, checkout, purchase history and the plan in force' },
    { name: 'Admin', description: "The admin console's user lists and manual top-up: admins signed in only" },
    { name: 'Tool-builder', description: 'Catalogue tools: create, rewrite and delete; admins signed in only' },
  ],
  components: {
    securitySchemes: {
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description:
          "The web app's session. A local account's session token, or a Clerk session token, is also accepted " +
          'as `Authorization: Bearer <token>`.',
      },
      apiKey: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'prly_…',
        description:
          'A personal API key, `Authorization: Bearer prly_…`, created on the profile or with POST /api/v1/keys. ' +
          'Scopes: `read` for every call that spends no credits, `generate` for the calls that charge credits. ' +
          'A key acts only as its owner (a `clerkId` naming anyone else is a 403), never with admin rights, and ' +
          'has its own per-minute limit (429 with retry-after). A missing scope is a 403 that names it.',
      },
    },
  },
}

/**
 * The zod type provider's transform (route schemas to JSON schemas), plus what the routes know
 * beyond their schemas: who may call (security, from the caller rule and the API key scope the
 * route needs), a unique operationId (the same call is served under several prefixes), and the
 * upload's multipart body.
 */
export const restOperation: SwaggerTransform = (document) => {
  const { route, url } = document
  const { multipartBody, jsonBody } = route.config ?? {}
  const transformed = jsonSchemaTransform(
    jsonBody ? { ...document, schema: { ...document.schema, body: jsonBody } } : document,
  )
  const method = typeof route.method === 'string' ? route.method : (route.method[0] ?? 'GET')
  if (!transformed.schema || 'hide' in transformed.schema) return transformed
  const schema: FastifySchema & Record<string, unknown> = {
    ...transformed.schema,
    operationId: `${method.toLowerCase()}_${url.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`,
    security: securityOf(method, url, callerRule(route.config)),
    ...(multipartBody && uploadBody(transformed.schema.body, multipartBody)),
  }
  return { schema, url }
}

/** An upload's body: multipart alone, or beside the JSON body the same route takes. */
function uploadBody(jsonBody: unknown, multipartBody: Record<string, unknown>): Record<string, unknown> {
  if (jsonBody === undefined) return { body: multipartBody, consumes: ['multipart/form-data'] }
  const content = { 'application/json': { schema: jsonBody }, 'multipart/form-data': { schema: multipartBody } }
  return { body: { content } }
}

function securityOf(method: string, url: string, rule: CallerRule): Array<Record<string, string[]>> {
  const schemes: Array<Record<string, string[]>> = [{ session: [] }]
  // Requirements are alternatives: a key holding any one of the accepted scopes will do.
  if (rule.refuseApiKeys === undefined) {
    for (const scope of acceptedScopes(method, url)) schemes.push({ apiKey: [scope] })
  }
  // An empty requirement: the call also works with no credentials.
  if (rule.signedOut === undefined) schemes.push({})
  return schemes
}
