import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import compress from '@fastify/compress'
import type { FastifyInstance, FastifyReply } from 'fastify'

/** Below this an answer fits a packet or two either way: compressing it costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024

/** In order of preference: brotli is smaller than gzip on our JSON and scripts, and browsers send both. */
export const CONTENT_ENCODINGS = ['br', 'gzip'] as const
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number]

/** Bytes compressed once and sent many times (a stored answer), by encoding; none below the threshold. */
export type EncodedBodies = Partial<Record<ContentEncoding, Buffer>>

/**
 * Per-request brotli stays at the plugin's recommended 4: quality 11 costs tens of milliseconds on
 * a catalogue page. Bytes stored for many requests can afford more (one run per cache lifetime).
 */
const DYNAMIC_BROTLI_QUALITY = 4
const STORED_BROTLI_QUALITY = 9

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Compresses dynamic answers (tRPC, REST, the OpenAPI document) above the threshold, br > gzip >
 * identity by the request's Accept-Encoding. Register before the routes: @fastify/compress attaches
 * itself to each route as it is declared. Built files go out as the build compressed them
 * (web/web-app.ts serves the siblings), and nothing already encoded is compressed again.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Callback style: most answers are bytes already and pass straight on, without a promise each.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (payload instanceof Response) {
      bufferedUnlessStreamed(reply, payload).then((buffered) => {
        if (buffered === payload) sendUnencoded(reply)
        done(null, buffered)
      }, done)
    } else if (payload instanceof Readable && isSmallUnencoded(reply)) {
      // A HEAD answer's stream yields strings, not bytes; and whatever goes wrong reaches `done`, never
      // an unhandled rejection (which ended the process: `curl -I` of a logo stopped the server).
      payload
        .toArray()
        .then((chunks: Array<Buffer | string>) => Buffer.concat(chunks.map((chunk) => Buffer.from(chunk))))
        .then((body) => done(null, body), done)
    } else done()
  })
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: [...CONTENT_ENCODINGS],
    // Request bodies are read as before: no client of ours compresses them, and inflating them
    // would be one more way for a small upload to become a large one.
    globalDecompression: false,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  })
}

/**
 * tRPC answers with a fetch Response, which @fastify/compress would always compress as a stream,
 * ignoring the threshold (a 60-byte answer then grows). A whole answer is read into bytes so the
 * threshold applies; a streamed one (a JSONL batch, server-sent events) stays a stream.
 */
async function bufferedUnlessStreamed(reply: FastifyReply, response: Response): Promise<Response | Buffer> {
  const contentType = response.headers.get('content-type') ?? ''
  const streamed = response.headers.has('transfer-encoding') || contentType.startsWith('text/event-stream')
  if (streamed || response.body === null) return response
  const body = Buffer.from(await response.arrayBuffer())
  reply.code(response.status)
  for (const [name, value] of response.headers) reply.header(name, value)
  return body
}

/**
 * A streamed answer (a generation's events) goes out as it is written, uncompressed. Compressed, each
 * open stream held its own encoder for as long as it ran: about 560 kB for brotli and 240 kB for gzip
 * (measured for 1,000 streams), so a thousand generations at once took half a gigabyte for contexts
 * that, flushed after every small event, saved about 3 kB a generation. @fastify/compress reads the
 * request's `x-no-compression` as "leave this answer alone"; the client never sees it.
 */
function sendUnencoded(reply: FastifyReply): void {
  reply.request.headers['x-no-compression'] = '1'
}

/**
 * @fastify/compress applies its threshold to bytes only and compresses every stream, so a 300-byte
 * file (a logo, a favicon) would go out compressed and larger. A stream whose length is known to be
 * under the threshold is read into bytes (it is small) so the threshold applies to it too.
 */
function isSmallUnencoded(reply: FastifyReply): boolean {
  const length = Number(reply.getHeader('content-length') ?? Number.NaN)
  return !reply.hasHeader('content-encoding') && length < COMPRESSION_THRESHOLD_BYTES
}

/** The encoding to answer `accept-encoding` with, or null for the bytes as they are. */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null
  // As @fastify/compress reads it: `*` and the legacy x-gzip mean gzip.
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip')
  return negotiate(header, [...CONTENT_ENCODINGS])
}

/** Each encoding of `body`, compressed harder than per request, for bytes that are sent many times. */
export async function encodeOnce(body: Buffer): Promise<EncodedBodies> {
  if (body.byteLength < COMPRESSION_THRESHOLD_BYTES) return {}
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: STORED_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ])
  return { br, gzip: gz }
}

/**
 * Sends stored bytes in the encoding the request prefers, if one was made for them. @fastify/compress
 * leaves an answer that already names its Content-Encoding alone, so nothing is compressed twice.
 */
export function sendEncoded(
  reply: FastifyReply,
  acceptEncoding: string | undefined,
  body: Buffer,
  encoded: EncodedBodies,
): FastifyReply {
  const encoding = preferredEncoding(acceptEncoding)
  const chosen = encoding && encoded[encoding]
  if (hasAnyEncoding(encoded)) reply.header('vary', 'accept-encoding')
  if (!encoding || !chosen) return reply.send(body)
  return reply.header('content-encoding', encoding).send(chosen)
}

/** Whether any encoding was made (`Object.keys` would build an array on every stored answer sent). */
export function hasAnyEncoding(encoded: EncodedBodies): boolean {
  for (const encoding of CONTENT_ENCODINGS) if (encoded[encoding] !== undefined) return true
  return false
}
