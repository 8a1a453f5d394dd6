import Fastify, { type FastifyInstance } from 'fastify'

/**
 * The baseline: a Fastify server with no plugins, no context, no validation and no database,
 * answering each route with fixed bytes (the very bytes the real route answered). Nothing can serve
 * the same answer over HTTP much faster, so real/bare is the share of throughput the stack keeps.
 */
export async function startBareServer(
  routes: Record<string, string>,
): Promise<{ url: string; close(): Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false })
  for (const [path, body] of Object.entries(routes)) {
    const bytes = Buffer.from(body)
    app.get(path, (_req, reply) => reply.type('application/json; charset=utf-8').send(bytes))
  }
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  return { url, close: () => app.close() }
}
