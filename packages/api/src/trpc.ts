import { AppError } from '@promptly/core/errors/app-error'
import { initTRPC, TRPCError } from '@trpc/server'
import { ZodError, z } from 'zod'
import type { Context } from './context.ts'
import { plainJsonFirstTransformer } from './transport/plain-json-transformer.ts'

const TRPC_CODE = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYMENT_REQUIRED: 'PAYMENT_REQUIRED',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
} as const satisfies Record<AppError['code'], TRPCError['code']>

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

/** Turns the domain's AppError into the matching tRPC error, once, for every procedure. */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next()
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause
    throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause })
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

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: 'Cannot access ' })
  return next()
})
