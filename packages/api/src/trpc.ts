import { initTRPC, TRPCError } from '@trpc/server'
import { z, ZodError } from 'zod'

import { MESSAGES } from '@promptly/core/messages'

import type { Context } from './context.ts'
import { toTrpcError } from './errors/domain-error-map.ts'
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

export const createRouter = t.router
export const createCallerFactory = t.createCallerFactory
export const publicProcedure = t.procedure.use(mapDomainErrors)

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
