import { toTrpcError } from '../errors/domain-error-map.ts'

/** The tRPC error for a failure thrown while a stream runs; anything unknown stays as it is (a 500). */
export function toStreamError(error: unknown): unknown {
  return toTrpcError(error) ?? error
}

/**
 * trpc.ts maps domain errors once for every procedure, but only for errors thrown before a
 * procedure returns: what a streamed procedure's generator throws later reaches the client without
 * passing that middleware. This wrapper gives those the same codes and user-safe messages, from the
 * same map. `yield*` passes the consumer's `return()` through, so the inner generator's clean-up
 * (the refund) still runs.
 */
export async function* withStreamErrors<T>(
  events: AsyncGenerator<T, void, undefined>,
): AsyncGenerator<T, void, undefined> {
  try {
    yield* events
  } catch (error) {
    throw toStreamError(error)
  }
}
