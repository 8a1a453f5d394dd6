import { createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router'

import type { RouterContext } from '../app/router-context.ts'
import { awaitOnServer } from '../app/server-rendered.ts'
import { ErrorScreen } from '../errors/ErrorScreen.tsx'
import { pageNamespaces } from '../i18n/page-namespaces.ts'
import { RootLayout } from '../layout/RootLayout.tsx'
import { SITE_DETAILS_QUERY } from '../layout/site.ts'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Each page's own texts (pageNamespaces), before any route below renders or loads: a page never
  // shows a key, nor suspends for its texts. Loading a namespace twice costs nothing.
  beforeLoad: ({ context: { i18n }, location }) => i18n.loadNamespaces(pageNamespaces(location.pathname)),
  // The footer (every page) and the contact and legal pages show the operator's details: the server
  // waits for them, so its HTML carries them and the browser hydrates with the same.
  loader: ({ context: { queryClient, trpc } }) =>
    awaitOnServer([queryClient.prefetchQuery(trpc.system.site.queryOptions(undefined, SITE_DETAILS_QUERY))]),
  // Kept in the entry chunk: it must show even when loading a page's chunk is what failed.
  errorComponent: ErrorScreen,
  // Every unknown address lands here (the root handles the not-found of every route below it).
  notFoundComponent: lazyRouteComponent(() => import('../errors/NotFoundPage.tsx'), 'NotFoundPage'),
})
