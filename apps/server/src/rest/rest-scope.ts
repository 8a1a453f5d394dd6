import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { FastifySchemaValidationError } from 'fastify/types/schema'

import { badRequest } from '@promptly/core/errors/app-error'

import { issueMessage } from '../errors/legacy-error-envelope.ts'

/** A Fastify scope whose route schemas are zod schemas: `req.params`, `req.query`, `req.body` are typed by them. */
export type RestScope = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>

/**
 * Makes a scope validate requests and serialize answers with the route's zod schemas (the same
 * schemas the tRPC procedures use). A request that fails its schema becomes the same 400 a handler's
 * own `parse` gave before: the app's error handler answers it in the legacy envelope with the first
 * issue, `field: reason`. Every answer is serialized through the route's response schema, so the
 * OpenAPI document built from those schemas cannot drift from what is sent.
 */
export function asRestScope(scope: FastifyInstance): RestScope {
  scope.setValidatorCompiler(validatorCompiler)
  scope.setSerializerCompiler(serializerCompiler)
  scope.setSchemaErrorFormatter((errors) => badRequest(firstIssueMessage(errors)))
  // A call sent with no body (or a JSON null) is read as an empty object, as the handlers always did.
  scope.addHook('preValidation', async (req) => {
    req.body ??= {}
  })
  return scope.withTypeProvider<ZodTypeProvider>()
}

/** The zod issue's path comes back as a JSON pointer (`/groups/0/1`). */
function firstIssueMessage(errors: readonly FastifySchemaValidationError[]): string {
  const issue = errors[0]
  if (!issue) return 'The request is not valid'
  const path = issue.instancePath.split('/').filter((segment) => segment !== '')
  return issueMessage(path, issue.message ?? 'The request is not valid')
}
