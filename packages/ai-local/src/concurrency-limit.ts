/**
 * Runs at most `limit` tasks at once; the others wait in arrival order. The local speech and
 * transcription engines use one each, so a burst of requests queues up instead of starting more
 * CPU-bound work than the machine has cores for.
 */
export interface ConcurrencyLimit {
  /** Runs `task` once a slot is free. If `signal` aborts while waiting, it rejects and never runs. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>
  /** Tasks running now. */
  readonly active: number
  /** Tasks waiting for a slot. */
  readonly waiting: number
}

interface Waiter {
  start: () => void
}

export function createConcurrencyLimit(limit: number): ConcurrencyLimit {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer')
  let active = 0
  const queue: Waiter[] = []

  function release(): void {
    active -= 1
    const next = queue.shift()
    if (next) next.start()
  }

  function acquire(signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal))
    if (active < limit) {
      active += 1
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = queue.indexOf(waiter)
        if (index >= 0) queue.splice(index, 1)
        reject(abortReason(signal))
      }
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort)
          active += 1
          resolve()
        },
      }
      queue.push(waiter)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }

  return {
    async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      await acquire(signal)
      try {
        return await task()
      } finally {
        release()
      }
    },
    get active() {
      return active
    },
    get waiting() {
      return queue.length
    },
  }
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError')
}
