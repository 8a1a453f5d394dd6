/**
 * One error type per meaning. The tRPC layer and the REST adapter each map these once
 * (packages/api/src/trpc.ts, apps/server/src/rest/envelope.ts); the message is safe to show.
 */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYMENT_REQUIRED'
  | 'TOO_MANY_REQUESTS'

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const HTTP_STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
}

export const unauthorized = (message = 'Please Signin to continue') => new AppError('UNAUTHORIZED', message)
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message)
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message)
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message)
