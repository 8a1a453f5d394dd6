import { appRouter, type AppRouter } from '@promptly/api/root'
import { MAX_BATCH_SIZE } from '@promptly/api/transport/batch-size'
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify'
import type { FastifyInstance } from 'fastify'
import type { ContextFactory } from '../app.ts'

export async function registerTrpc(app: FastifyInstance, createContext: ContextFactory): Promise<void> {
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
