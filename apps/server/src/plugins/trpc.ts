import { appRouter, type AppRouter } from '@promptly/api/root'
import type { Db } from '@promptly/db/client'
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify'
import type { FastifyInstance } from 'fastify'
import type { ContextFactory } from '../app.ts'
import { registerPublicResponseCache } from './public-response-cache.ts'

export async function registerTrpc(app: FastifyInstance, createContext: ContextFactory, db: Db): Promise<void> {
  // Own scope, so the response cache's hooks run for /trpc only.
  await app.register(async (scope) => {
    registerPublicResponseCache(scope, db)
    await scope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: ({ req }) => createContext(req),
        onError({ error, path, req }) {
          if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error, path }, 'tRPC procedure failed')
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    })
  })
}
