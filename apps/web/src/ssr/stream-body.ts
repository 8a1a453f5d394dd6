import { Writable } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'

import type { BodyDestination } from '@promptly/core/web/page-renderer'

/**
 * Renders `tree` into `destination` once every Suspense boundary in it has resolved, and resolves
 * when the markup is all written. The server has already sent the document up to #root (head, CSS)
 * by then, so the browser reads and parses the styles while React renders.
 *
 * Why the whole body at once (onAllReady), not the shell first: every boundary then lands inline,
 * in place, with no fallback. A boundary still pending when the shell went out would be sent as its
 * fallback, then hidden and moved into place by an inline script (which React may hold back to
 * batch reveals): the catalogue, the largest, would paint late or twice. The route loaders have
 * already fetched the data, so a boundary only waits for a lazy chunk's first import: the two ways
 * take the same time in the steady state, and when something does wait, the complete page still
 * paints at once. `progressiveChunkSize` is infinite for the same reason: React would otherwise
 * outline a large completed boundary (sent hidden, moved by script) instead of writing it in place.
 *
 * React writes in 4 KB pieces and flushes after each batch; the pieces of a batch are handed on as
 * one chunk, so a compressing response flushes once per batch, not once per 4 KB.
 *
 * Any error rejects, as the render did when it was a string: the server then ends the page without
 * the router's state and the browser renders it itself. Nothing is written after a rejection.
 */
export function streamBody(tree: ReactNode, nonce: string, destination: BodyDestination): Promise<void> {
  return new Promise((resolve, reject) => {
    const { signal } = destination
    let settled = false
    let pending: Uint8Array[] = []
    const handOn = () => {
      if (settled || pending.length === 0) return
      const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending)
      pending = []
      if (chunk) destination.write(chunk)
    }
    const sink = Object.assign(
      new Writable({
        write(chunk: Uint8Array, _encoding, done) {
          pending.push(chunk)
          done()
        },
        final(done) {
          handOn()
          finish()
          done()
        },
      }),
      // React calls it after each batch of writes (the name zlib streams use for the same thing).
      { flush: handOn },
    )
    const finish = (error?: unknown) => {
      if (settled) return
      settled = true
      signal?.removeEventListener('abort', onAbort)
      if (error === undefined) resolve()
      else {
        pending = []
        // Outside React's own callbacks: it stops its pending work (lazy chunks, queries).
        queueMicrotask(() => stream.abort(error))
        reject(error)
      }
    }
    const onAbort = () => finish(signal?.reason ?? new Error('the page was not wanted any more'))
    const stream = renderToPipeableStream(tree, {
      nonce,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => {
        if (!settled) stream.pipe(sink)
      },
      onShellError: finish,
      onError: (error) => finish(error ?? new Error('the render failed')),
    })
    if (signal?.aborted) onAbort()
    else signal?.addEventListener('abort', onAbort, { once: true })
  })
}
