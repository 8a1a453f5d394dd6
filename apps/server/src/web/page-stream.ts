import { once } from 'node:events'
import { PassThrough, type Duplex } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

import type { LoadedPage } from '@promptly/core/web/page-renderer'

import { preferredEncoding, type ContentEncoding } from '../plugins/compression.ts'

/** The document around a page's body: everything up to and including `<div id="root">`, then the rest. */
export interface DocumentAroundBody {
  prefix: string
  /** From `</div>` on, with the router's scripts (none when the body failed: the browser renders the page). */
  suffix(scripts: string): string
}

/**
 * Sends a loaded page as it is made: the prefix at once (head, inline CSS), so the browser reads
 * the styles while React renders; the body as the renderer hands it on; then the suffix. The
 * status and headers are already set, so the answer has begun before the body is rendered.
 *
 * React renders in one go on the main thread, starting in the same tick it is asked to: the prefix
 * must be on its way to the socket first, or it would leave with the body. The page is compressed
 * here for that reason: this compressor's write callback says when the prefix has come out of it
 * (flushed), which @fastify/compress's (wrapped in a stream that peeks at the first bytes) cannot
 * say. @fastify/compress leaves an answer that names its Content-Encoding alone.
 *
 * A render that fails once bytes are out cannot change the status any more: the document is ended
 * without the router's state, so the page's scripts render it in the browser (as index.html would
 * be), and the failure is logged. A visitor who leaves stops the render.
 *
 * Resolves with the whole document as sent (uncompressed) when the body was rendered completely,
 * else undefined.
 */
export async function streamPage(
  req: FastifyRequest,
  reply: FastifyReply,
  page: LoadedPage,
  document: DocumentAroundBody,
): Promise<string | undefined> {
  const encoding = preferredEncoding(req.headers['accept-encoding'])
  const out = encoding ? COMPRESSORS[encoding]() : new PassThrough()
  if (encoding) reply.header('content-encoding', encoding)
  const sent: Uint8Array[] = []
  const write = (chunk: Uint8Array | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    sent.push(bytes)
    if (!out.destroyed) out.write(bytes)
  }
  const left = new AbortController()
  // Before the page is all written, a closed response is one nobody reads (the visitor left, or the
  // answer failed on its way out): the render stops.
  const onClose = () => left.abort(new Error('the response closed before the page was sent'))
  reply.raw.once('close', onClose)
  void reply.send(out)
  let scripts: string | undefined
  let rendering = false
  try {
    const prefix = Buffer.from(document.prefix)
    sent.push(prefix)
    await handedOn(out, prefix, left.signal)
    rendering = true
    scripts = await page.renderBody({ write, signal: left.signal })
  } catch (err) {
    if (!rendering) page.discard()
    if (!left.signal.aborted) {
      req.log.error({ err, url: req.url }, 'server rendering failed after the page began; the browser renders it')
    }
  } finally {
    reply.raw.off('close', onClose)
  }
  write(document.suffix(scripts ?? ''))
  out.end()
  return scripts === undefined ? undefined : Buffer.concat(sent).toString('utf8')
}

/** Per request, as compression.ts compresses dynamic answers: brotli at quality 4, each write flushed. */
const COMPRESSORS: Record<ContentEncoding, () => Duplex> = {
  br: () =>
    createBrotliCompress({
      params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
      flush: constants.BROTLI_OPERATION_FLUSH,
    }),
  gzip: () => createGzip({ flush: constants.Z_SYNC_FLUSH }),
}

/**
 * Writes `chunk` and resolves once it has left `stream` for the response (or the stream's reader
 * drained it, as for a HEAD request), then once more after the ticks in which the response hands
 * it to the socket (Node sends a chunk's framing and bytes together, on the next tick).
 */
async function handedOn(stream: Duplex, chunk: Uint8Array, signal: AbortSignal): Promise<void> {
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => reject(signal.reason)
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
  })
  aborted.catch(() => undefined)
  await Promise.race([
    aborted,
    new Promise<void>((resolve, reject) => stream.write(chunk, (error) => (error ? reject(error) : resolve()))),
  ])
  // Listening for 'data' before the response reads the stream would start it flowing into nothing.
  if (stream.readableFlowing !== true) await Promise.race([aborted, once(stream, 'resume')])
  while (stream.readableLength > 0) await Promise.race([aborted, once(stream, 'data')])
  await new Promise((resolve) => setImmediate(resolve))
}
