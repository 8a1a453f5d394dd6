import { isDeepStrictEqual } from 'node:util'
import { initTRPC, TRPCError } from '@trpc/server'
import { z, ZodError } from 'zod'

import { MESSAGES } from '@promptly/core/messages'

import type { Context } from './context.ts'
import { toTrpcError } from './errors/domain-error-map.ts'
import { isAsyncIterable, streamInSpan } from './telemetry/stream-in-span.ts'
import { plainJsonFirstTransformer } from './transport/plain-json-transformer.ts'

const t = initTRPC.context<Context>().create({
  // superjson on the wire; answers that are plain JSON skip its tree walk (see the transformer).
  transformer: plainJsonFirstTransformer,
  errorFormatter({ shape, error }) {
    // Never send stacks or internal messages; validation errors carry their field issues.
    const zodError = error.cause instanceof ZodError ? z.flattenError(error.cause) : null
    const internal = error.code === 'INTERNAL_SERVER_ERROR'
    return {
      ...shape,
      message: internal ? 'Something went wrong. Please try again.' : shape.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, zodError },
    }
  },
})

/**
 * Turns a domain error (AppError, the AI provider's AiProviderError) into its tRPC error, for every
 * procedure, through the one map (errors/domain-error-map.ts). tRPC wraps what a procedure throws
 * in an INTERNAL_SERVER_ERROR whose cause is the thrown value.
 */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next()
  if (!result.ok) {
    const mapped = toTrpcError(result.error.cause)
    if (mapped) throw mapped
  }
  return result
})

/**
 * Reports every procedure's time and, when it failed, its code (after the domain error map, which
 * runs inside it) to the context's telemetry. A streamed procedure is timed until its stream
 * started; what happens after is the generation's own report. When traces are exported, the
 * procedure is a span, and a streamed one's span lasts until its stream ends, with the work the
 * stream does (reservation, provider call, commit) inside it.
 */
const reportProcedures = t.middleware(async ({ ctx, path, type, next }) => {
  const started = performance.now()
  const span = ctx.telemetry.startSpan(`trpc ${path}`, { 'rpc.system': 'trpc', 'rpc.method': path, 'trpc.type': type })
  const result = await span.run(() => next())
  const errorCode = result.ok ? null : result.error.code
  ctx.telemetry.procedureCalled({ path, type, seconds: (performance.now() - started) / 1000, errorCode })
  if (errorCode !== null) span.fail(errorCode)
  if (result.ok && span.recording && isAsyncIterable(result.data)) {
    return { ...result, data: streamInSpan(result.data, span, streamErrorType) }
  }
  span.end()
  return result
})

/** What a stream threw, as the client hears it (stream-errors.ts gives domain errors their codes). */
function streamErrorType(error: unknown): string {
  return error instanceof TRPCError ? error.code : 'INTERNAL_SERVER_ERROR'
}

export const createRouter = t.router
export const createCallerFactory = t.createCallerFactory
export const publicProcedure = t.procedure.use(reportProcedures).use(mapDomainErrors)

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please Signin to continue' })
  return next({ ctx: { ...ctx, user: ctx.user } })
})

/**
 * For the admin console: an admin is the `admin` role or a verified ADMIN_EMAILS address, decided
 * once per request from the stored account (never from anything the client sends).
 */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.cannotAccess })
  return next()
})

/**
 * The output check of a hot public query (the catalogue list, the generator page's tool), in place
 * of `.output(schema)`. Outside production (development, tests) every answer is parsed by `schema`
 * as `.output` would, and must also come out of it unchanged: a handler that returned a field the
 * schema strips, or a value it transforms, fails its tests here. With that proven, production sends
 * the answer as it is: parsing 500 cards was a tenth of a signed-in list request's time, for an
 * answer the same code built to the same shape a moment before. The answer's type is the schema's.
 */
export function outputCheckedOutsideProduction<Schema extends z.ZodType>(schema: Schema) {
  return (value: unknown): z.output<Schema> => {
    if (process.env.NODE_ENV === 'production') return value as z.output<Schema>
    const parsed = schema.parse(value)
    if (!isDeepStrictEqual(parsed, value)) {
      throw new Error('The answer changes when parsed by its output schema, so production could not skip the check')
    }
    return parsed
  }
}
