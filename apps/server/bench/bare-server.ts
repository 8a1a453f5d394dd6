import Fastify, { type FastifyInstance } from 'fastify'

/** One route's fixed answer: the body and the headers the real route sent with it. */
export interface BareAnswer {
  /** Text, or the bytes as they were sent (a compressed page). */
  body: string | Buffer
  /** The real answer's own headers (content type, nosniff, vary, cache markers...), sent as they were. */
  headers: Record<string, string>
}

/**
 * Headers every Node HTTP server writes itself (or that describe the transfer, not the answer):
 * the bare server sends its own, so they are not copied.
 */
const TRANSPORT_HEADERS = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'])

/**
 * The headers of an answer that the bare server repeats: everything but the transport's own. Takes
 * a fetch Response's headers or node:http's, as [name, value] pairs.
 */
export function answerHeadersOf(headers: Iterable<[string, string]>): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of headers) if (!TRANSPORT_HEADERS.has(name)) kept[name] = value
  return kept
}

/**
 * The baseline: a Fastify server with no plugins, no context, no validation and no database,
 * answering the real route's pattern with fixed bytes: the very body and headers the real route
 * answered (the same response on the wire, bar the date). It is asked the very URL the real server
 * is, so both route, decode and parse the same request. Nothing can serve the same answer over HTTP
 * much faster, so real/bare is the share of throughput the stack keeps.
 */
export async function startBareServer(
  routePattern: string,
  answer: BareAnswer,
): Promise<{ origin: string; close(): Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false })
  const bytes = Buffer.from(answer.body)
  app.get(routePattern, (_req, reply) => reply.headers(answer.headers).send(bytes))
  const origin = await app.listen({ host: '127.0.0.1', port: 0 })
  return { origin, close: () => app.close() }
}
