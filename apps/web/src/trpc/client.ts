import type { AppRouter } from '@promptly/api/root'
import { createTRPCClient, httpBatchLink } from '@trpc/client'
import { createTRPCContext } from '@trpc/tanstack-react-query'
import superjson from 'superjson'
import { authorizationHeaders } from '../identity/auth-token.ts'

/** Typed hooks for the API; every type is inferred from the server's AppRouter. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()

export function createApiClient(url = '/trpc') {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url,
        transformer: superjson,
        // Local identity rides on the httpOnly session cookie (same origin); with Clerk the
        // session token is also sent as a bearer header.
        headers: authorizationHeaders,
      }),
    ],
  })
}

export type ApiClient = ReturnType<typeof createApiClient>
