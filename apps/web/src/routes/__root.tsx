import { createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router'

import type { RouterContext } from '../app/router-context.ts'
import { ErrorScreen } from '../errors/ErrorScreen.tsx'
import { RootLayout } from '../layout/RootLayout.tsx'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Kept in the entry chunk: it must show even when loading a page's chunk is what failed.
  errorComponent: ErrorScreen,
  // Every unknown address lands here (the root handles the not-found of every route below it).
  notFoundComponent: lazyRouteComponent(() => import('../errors/NotFoundPage.tsx'), 'NotFoundPage'),
})
