/**
 * Passes text through as it arrives, but when the source is faster than the consumer (a provider
 * answering in bursts, a slow client), the pieces that piled up in between go out as one. Each
 * piece that leaves costs a tRPC event, a JSON frame and a socket write, so a burst of 80 small
 * pieces becomes a handful of larger ones; a lone piece is never held back, so the first chunk
 * leaves as soon as it comes. Stopping the consumer stops the source (its `return()` runs once its
 * pending piece arrives), and a source error reaches the consumer after the text that came before it.
 */
export async function* coalesceChunks(source: AsyncIterable<string>): AsyncGenerator<string, void, undefined> {
  const iterator = source[Symbol.asyncIterator]()
  let pending = ''
  let finished = false
  let failure: { error: unknown } | null = null
  // Resolves the consumer's wait for more text; an object so the pump's closure sees the current one.
  const waiting: { wake: (() => void) | null } = { wake: null }
  let stopped = false

  const pump = (async () => {
    try {
      while (!stopped) {
        const next = await iterator.next()
        if (next.done) return
        pending += next.value
        waiting.wake?.()
      }
      // The consumer left early: end the source (its cleanup runs, e.g. the provider's request ends).
      await iterator.return?.()
    } catch (error) {
      failure = { error }
    } finally {
      finished = true
      waiting.wake?.()
    }
  })()

  try {
    for (;;) {
      if (pending === '' && !finished) {
        await new Promise<void>((resolve) => {
          waiting.wake = resolve
        })
        waiting.wake = null
      }
      if (pending !== '') {
        const text = pending
        pending = ''
        yield text
        continue
      }
      if (failure) throw (failure as { error: unknown }).error
      if (finished) return
    }
  } finally {
    stopped = true
    // Not awaited when the source is still waiting for its next piece: that wait ends on its own
    // (the request's abort signal reaches the provider) and must not hold up the consumer's exit.
    if (finished) await pump
    else void pump
  }
}
