import type { AddressInfo } from 'node:net'
import { createTRPCClient, httpBatchStreamLink, httpLink, splitLink, type TRPCClient } from '@trpc/client'
import type { FastifyInstance } from 'fastify'
import superjson from 'superjson'

import type { AppRouter } from '@promptly/api/root'

/**
 * Streaming cannot be observed through `app.inject` (it buffers the whole answer), so streaming tests
 * listen on a random loopback port and call the server as the browser does.
 */
export async function listenOnRandomPort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  return `http://127.0.0.1:${port}`
}

/**
 * A typed tRPC client over real HTTP, as `authorization` (a session's Bearer header) or signed out.
 * Like the web app: `generation.run` goes through httpBatchStreamLink, the rest through httpLink.
 */
export function trpcClient(baseUrl: string, headers: Record<string, string> = {}): TRPCClient<AppRouter> {
  const url = `${baseUrl}/trpc`
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.path === 'generation.run',
        true: httpBatchStreamLink({ url, transformer: superjson, headers }),
        false: httpLink({ url, transformer: superjson, headers }),
      }),
    ],
  })
}
