import { createRouter, type RouterHistory } from '@tanstack/react-router'

import { CenteredLoader } from '../components/CenteredLoader.tsx'
import { ErrorScreen } from '../errors/ErrorScreen.tsx'
import { routeTree } from '../routeTree.gen.ts'
import type { RouterContext } from './router-context.ts'

/** The app's router; tests pass a memory history. */
export function createAppRouter(options: { context: RouterContext; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    context: options.context,
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultPendingComponent: CenteredLoader,
    defaultErrorComponent: ErrorScreen,
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
