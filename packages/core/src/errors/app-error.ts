/**
 * One error type per meaning; the message is safe to show. Its tRPC code and HTTP status come from
 * one map (packages/api/src/errors/domain-error-map.ts), read by tRPC and the REST envelope alike.
 */
export type AppErrorCode =
  'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'PAYMENT_REQUIRED' | 'TOO_MANY_REQUESTS'

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const unauthorized = (message = 'Please Signin to continue') => new AppError('UNAUTHORIZED', message)
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message)
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message)
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message)
