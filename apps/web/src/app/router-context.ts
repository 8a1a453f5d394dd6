import type { QueryClient } from '@tanstack/react-query'
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query'

import type { AppRouter as ApiRouter } from '@promptly/api/root'

import type { I18n } from '../i18n/create-i18n.ts'
import { LOADING_IDENTITY, type Identity } from '../identity/identity-context.ts'
import type { ApiClient } from '../trpc/client.ts'

/**
 * What route loaders receive: the query cache and the typed query options, so a loader can start
 * a page's first fetch before the page's code has even arrived (see routes/index.tsx); and who the
 * visitor is, for the sign-in guard (routes/_authed.tsx), kept current by AppRouterProvider.
 */
export interface RouterContext {
  queryClient: QueryClient
  trpc: TRPCOptionsProxy<ApiRouter>
  identity: Identity
  /** The public origin, for absolute URLs in the head (canonical, Open Graph): the server's APP_URL. */
  origin: string
  /** The page's texts: head() and loaders translate with it; the root route loads each page's own namespace. */
  i18n: I18n
}

export function createRouterContext(
  queryClient: QueryClient,
  trpcClient: ApiClient,
  i18n: I18n,
  origin = window.location.origin,
): RouterContext {
  return {
    queryClient,
    trpc: createTRPCOptionsProxy<ApiRouter>({ client: trpcClient, queryClient }),
    identity: LOADING_IDENTITY,
    origin,
    i18n,
  }
}
