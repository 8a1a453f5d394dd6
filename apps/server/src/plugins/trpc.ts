import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify'
import type { FastifyInstance, FastifyRequest } from 'fastify'

import type { ContextFactory } from '@promptly/api/context'
import { appRouter, type AppRouter } from '@promptly/api/root'
import { MAX_BATCH_SIZE } from '@promptly/api/transport/batch-size'

/** What tRPC's own clients send: queries as GET, mutations and batches as POST with a JSON body. */
const TRPC_METHODS = new Set(['GET', 'HEAD', 'POST'])

export async function registerTrpc(app: FastifyInstance, createContext: ContextFactory<FastifyRequest>): Promise<void> {
  // tRPC's adapter takes every method and every body: TRACE made its Request constructor throw, and
  // a multipart body (which no procedure reads) failed to serialise; both were 500s. Anything else
  // is refused in this scope, in the legacy error envelope, before the adapter sees it.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req, reply) => {
      if (TRPC_METHODS.has(req.method)) return
      reply.header('allow', 'GET, POST')
      throw Object.assign(new Error('Method not allowed'), { statusCode: 405 })
    })
    scope.addHook('preValidation', async (req) => {
      if (req.method !== 'POST' || isJson(req.headers['content-type'])) return
      throw Object.assign(new Error('Unsupported content type'), { statusCode: 415 })
    })
    await registerTrpcAdapter(scope, createContext)
  })
}

async function registerTrpcAdapter(app: FastifyInstance, createContext: ContextFactory<FastifyRequest>): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createContext(req),
      // The rate limit counts HTTP requests; a batch longer than this is refused with a 400.
      maxBatchSize: MAX_BATCH_SIZE,
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error, path }, 'tRPC procedure failed')
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  })
}

/** No content type (an empty mutation) or JSON; tRPC's other encodings (form data, octets) are not used. */
function isJson(contentType: string | undefined): boolean {
  return contentType === undefined || /^application\/json\s*(;|$)/i.test(contentType)
}
