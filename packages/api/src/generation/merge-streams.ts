/**
 * The events of several streams as they come, interleaved. When the consumer stops early, every
 * stream is closed (`return()`), so each runs its own clean-up (a variant refunds what it holds);
 * a stream that throws stops the merge and the others are closed the same way.
 */
export async function* mergeStreams<T>(
  streams: readonly AsyncGenerator<T, void, undefined>[],
): AsyncGenerator<T, void, undefined> {
  type Next = { index: number; result: IteratorResult<T, void> }
  const pending = new Map<number, Promise<Next>>()
  const pull = (index: number) => {
    const next = streams[index]!.next().then((result) => ({ index, result }))
    // A stream left pending when the merge stops may still fail: that is not an unhandled rejection.
    next.catch(() => undefined)
    pending.set(index, next)
  }
  streams.forEach((_, index) => pull(index))
  try {
    while (pending.size > 0) {
      const { index, result } = await Promise.race(pending.values())
      if (result.done) {
        pending.delete(index)
        continue
      }
      pull(index)
      yield result.value
    }
  } finally {
    await Promise.allSettled(streams.map((stream) => stream.return(undefined)))
  }
}
