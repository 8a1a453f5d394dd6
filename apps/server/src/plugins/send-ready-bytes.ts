import type { FastifyReply } from 'fastify'

import { COMPRESSION_THRESHOLD_BYTES, hasAnyEncoding, preferredEncoding, type EncodedBodies } from './compression.ts'

/** An answer whose bytes are made already: a stored public answer, a cached list. */
export interface ReadyAnswer {
  /** The bytes as they are (identity). */
  body: Buffer
  /** The same bytes compressed once, by encoding; may be empty (small, or not made yet). */
  encoded: EncodedBodies
  /**
   * Every header of the answer, lower-case names: its own (content type, nosniff, its cache marker...)
   * and the security headers every answer carries, which the hook that writes them has not (it runs later).
   */
  headers: Readonly<Record<string, string>>
}

/**
 * Sends a 200 with bytes that are ready, from an early hook, in the encoding the request prefers.
 *
 * Most of these go straight to the socket (the reply hijacked, one writeHead and one end): the
 * onSend hooks have nothing to do for them (no cookie is set, nothing is a stream or a fetch
 * Response, and @fastify/compress leaves alone an answer that names its encoding, one that no
 * encoding of its own would be chosen for, and one below its threshold), and running them, with
 * Fastify's header bookkeeping, was a measurable share of such an answer's cost. Request logging
 * is unaffected: Fastify logs a hijacked reply's completion as any other.
 *
 * The one answer @fastify/compress would change, one larger than the threshold that the request
 * accepts compressed while no compressed copy exists (yet), goes through `reply.send`, so the
 * plugin compresses it as before.
 */
export function sendReadyBytes(reply: FastifyReply, acceptEncoding: string | undefined, answer: ReadyAnswer): void {
  const encoding = preferredEncoding(acceptEncoding)
  const chosen = encoding ? answer.encoded[encoding] : undefined
  const varies = hasAnyEncoding(answer.encoded)
  if (encoding && !chosen && answer.body.byteLength >= COMPRESSION_THRESHOLD_BYTES) {
    reply.headers(answer.headers)
    if (varies) reply.header('vary', 'accept-encoding')
    reply.send(answer.body)
    return
  }
  const bytes = chosen ?? answer.body
  // Node writes a flat [name, value, ...] list as it is, without building a headers object.
  const headers: string[] = []
  for (const name in answer.headers) headers.push(name, answer.headers[name]!)
  if (varies) headers.push('vary', 'accept-encoding')
  if (chosen) headers.push('content-encoding', encoding!)
  headers.push('content-length', String(bytes.byteLength))
  const res = reply.hijack().raw
  res.writeHead(200, headers)
  res.end(bytes)
}
