import { createRootRouteWithContext } from '@tanstack/react-router'
import type { RouterContext } from '../app/router-context.ts'
import { ErrorScreen } from '../errors/ErrorScreen.tsx'
import { NotFoundPage } from '../errors/NotFoundPage.tsx'
import { RootLayout } from '../layout/RootLayout.tsx'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: ErrorScreen,
  notFoundComponent: NotFoundPage,
})
