import { hydrate as hydrateQueries, matchQuery, type DehydratedState, type QueryClient } from '@tanstack/react-query'
import { hydrate } from '@tanstack/react-router/ssr/client'
import superjson from 'superjson'

import type { GetToolOutput } from '@promptly/api/tools/get.schema'

import type { AppRouter, DehydratedPage } from '../app/router.ts'
import type { DedicatedKind } from '../generator/media/dedicated-screens.ts'
import { isPerUser } from '../identity/session-queries.ts'
import { siteFooterModule } from '../layout/site-footer-module.ts'
import { receivedNow } from './page-answers.ts'
import { scrollRestorationAfterHydration } from './scroll-after-hydration.ts'

/**
 * Reads the state a server-rendered page carries (the router's matches, and the query answers the
 * page was rendered from, so the first render in the browser matches it and fetches nothing again)
 * into the router, and loads the code the server rendered lazily. A chunk of its own: only
 * server-rendered pages load it, preloaded with their HTML (apps/server/src/web/page-assets.ts),
 * so the client-rendered path does not carry the decoder.
 */
export async function hydrateRouter(router: AppRouter): Promise<void> {
  const { queryClient, trpc } = router.options.context
  router.update({
    ...router.options,
    hydrate: (page: DehydratedPage) =>
      hydrateQueries(queryClient, receivedNow(superjson.parse<DehydratedState>(page.queries))),
    scrollRestoration: scrollRestorationAfterHydration(),
  })
  try {
    await hydrate(router)
  } finally {
    window.$_TSR?.h()
  }
  askAgainOnceSignedIn(queryClient, trpc.auth.me.queryKey())
  await loadRenderedCode(
    queryClient.getQueriesData<GetToolOutput>(trpc.tools.get.pathFilter()).map(([, answer]) => answer?.tool.kind),
  )
}

type RenderedToolKind = GetToolOutput['tool']['kind'] | undefined

/**
 * The code of what the server rendered lazily (each its own chunk, preloaded with the page): the
 * footer on every page, and the dedicated screen of a tool's page. Loaded before React takes the
 * page over: a part still loading when an update reached it was client-rendered as its fallback
 * instead (the footer as nothing, a screen as its skeleton), and what lay around it moved.
 */
export async function loadRenderedCode(toolKinds: RenderedToolKind[]): Promise<void> {
  // One that fails to load is asked for again when it renders, which shows the failure.
  await Promise.all([siteFooterModule.load().catch(() => undefined), loadRenderedScreens(toolKinds)])
}

async function loadRenderedScreens(kinds: RenderedToolKind[]): Promise<void> {
  const dedicated = kinds.filter((kind): kind is DedicatedKind => kind !== undefined && kind !== 'generic')
  if (dedicated.length === 0) return
  const { loadDedicatedScreen } = await import('../generator/media/dedicated-screens.ts')
  await Promise.all(dedicated.map((kind) => loadDedicatedScreen(kind).catch(() => undefined)))
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
