import { hydrate as hydrateQueries, matchQuery, type DehydratedState, type QueryClient } from '@tanstack/react-query'
import { hydrate } from '@tanstack/react-router/ssr/client'
import superjson from 'superjson'

import type { AppRouter, DehydratedPage } from '../app/router.ts'
import { isPerUser } from '../identity/session-queries.ts'

/**
 * Reads the state a server-rendered page carries (the router's matches, and the query answers the
 * page was rendered from, so the first render in the browser matches it and fetches nothing again)
 * into the router. A chunk of its own: only server-rendered pages load it, preloaded with their HTML
 * (apps/server/src/web/page-assets.ts), so the client-rendered path does not carry the decoder.
 */
export async function hydrateRouter(router: AppRouter): Promise<void> {
  const { queryClient, trpc } = router.options.context
  router.update({
    ...router.options,
    hydrate: (page: DehydratedPage) => hydrateQueries(queryClient, superjson.parse<DehydratedState>(page.queries)),
  })
  try {
    await hydrate(router)
  } finally {
    window.$_TSR?.h()
  }
  askAgainOnceSignedIn(queryClient, trpc.auth.me.queryKey())
}

/**
 * The server renders for a signed-out visitor (the HTML is the same for everyone), so its answers
 * lack a signed-in user's own flags (bookmarks, current plan). When `auth.me` says someone is signed
 * in, the per-user answers are asked again, as them.
 */
function askAgainOnceSignedIn(queryClient: QueryClient, meKey: readonly unknown[]): void {
  const unsubscribe = queryClient.getQueryCache().subscribe(({ query }) => {
    if (!matchQuery({ queryKey: meKey, exact: true }, query) || query.state.status === 'pending') return
    unsubscribe()
    if (query.state.status === 'success' && query.state.data) {
      void queryClient.invalidateQueries({ predicate: isPerUser })
    }
  })
}
