import type { TraceSpan } from './telemetry.ts'

/** Whether a procedure answered with a stream (tRPC sends those piece by piece). */
export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value
}

/**
 * `stream`, each step of it run inside `span`, which ends with the stream: finished, failed (with
 * `errorTypeOf` the error), or left by its consumer. A streamed procedure does its work (a
 * generation's reservation, provider call and commit) while the client reads, after the procedure
 * has returned: run this way, that work's spans are the procedure's children. The consumer's
 * `return()` reaches the inner stream, so its clean-up (a refund) runs, inside the span too.
 */
export async function* streamInSpan<T>(
  stream: AsyncIterable<T>,
  span: TraceSpan,
  errorTypeOf: (error: unknown) => string,
): AsyncGenerator<T, unknown, undefined> {
  const iterator = stream[Symbol.asyncIterator]()
  let finished = false
  try {
    for (;;) {
      const step = await span.run(() => iterator.next())
      if (step.done) {
        finished = true
        return step.value
      }
      yield step.value
    }
  } catch (error) {
    // A stream that threw has finished: there is nothing left to return.
    finished = true
    span.fail(errorTypeOf(error))
    throw error
  } finally {
    try {
      if (!finished) await span.run(() => iterator.return?.())
    } finally {
      span.end()
    }
  }
}
