import { createRouter, type RouterHistory } from '@tanstack/react-router'

import { CenteredLoader } from '../components/CenteredLoader.tsx'
import { ErrorScreen } from '../errors/ErrorScreen.tsx'
import { routeTree } from '../routeTree.gen.ts'
import type { RouterContext } from './router-context.ts'

/** What a server-rendered page hands the browser besides its HTML: the answers it was rendered from. */
export interface DehydratedPage {
  /**
   * The query cache, in superjson (as the API's answers travel): the router's serializer accepts
   * only types it can check, and a query's data is whatever the procedure returns.
   */
  queries: string
}

interface AppRouterOptions {
  context: RouterContext
  history?: RouterHistory
  /** The server's: the response's CSP nonce, for the one script it inlines (ssr/render-page.tsx). */
  nonce?: string
  /** The server's: the page's query answers, sent with the router's state (ssr/render-page.tsx). */
  dehydrate?: () => DehydratedPage
}

/**
 * The app's router; tests pass a memory history, the server a memory history, the nonce and what to
 * dehydrate. The browser's side of hydration is set in ssr/hydrate-page.ts, a chunk of its own.
 */
export function createAppRouter(options: AppRouterOptions) {
  return createRouter({
    routeTree,
    context: options.context,
    ...(options.history ? { history: options.history } : {}),
    ...(options.nonce ? { ssr: { nonce: options.nonce } } : {}),
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultPendingComponent: CenteredLoader,
    defaultErrorComponent: ErrorScreen,
    ...(options.dehydrate ? { dehydrate: options.dehydrate } : {}),
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}

/** Navigates by URL string: same-origin paths stay in the app, anything else loads normally. */
export function navigateByUrl(router: AppRouter, to: string, options?: { replace?: boolean }): void {
  const url = new URL(to, window.location.origin)
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href)
    return
  }
  void router.navigate({ href: `${url.pathname}${url.search}${url.hash}`, replace: options?.replace ?? false })
}
