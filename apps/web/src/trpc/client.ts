import { createTRPCClient, httpBatchLink, httpBatchStreamLink, splitLink, type Operation } from '@trpc/client'
import { createTRPCContext } from '@trpc/tanstack-react-query'
import superjson from 'superjson'

import type { AppRouter } from '@promptly/api/root'
import { MAX_BATCH_SIZE } from '@promptly/api/transport/batch-size'

import { authorizationHeaders } from '../identity/auth-token.ts'

/** Typed hooks for the API; every type is inferred from the server's AppRouter. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()

/**
 * Procedures whose result is an async generator (the generator's events). They go over the JSONL
 * streaming link, one call per request (`maxItems: 1`), so aborting one (the Stop button) cancels
 * exactly its own HTTP request and nothing batched beside it.
 */
const STREAMED_PROCEDURES: ReadonlySet<string> = new Set(['generation.run'])

export function isStreamedOperation(op: Pick<Operation, 'path'>): boolean {
  return STREAMED_PROCEDURES.has(op.path)
}

export function createApiClient(url = '/trpc') {
  // Local identity rides on the httpOnly session cookie (same origin); with Clerk the
  // session token is also sent as a bearer header.
  const common = { url, transformer: superjson, headers: authorizationHeaders }
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: isStreamedOperation,
        true: httpBatchStreamLink({ ...common, maxItems: 1 }),
        // The server refuses longer batches; each HTTP request counts once against the rate limit.
        false: httpBatchLink({ ...common, maxItems: MAX_BATCH_SIZE }),
      }),
    ],
  })
}

export type ApiClient = ReturnType<typeof createApiClient>
