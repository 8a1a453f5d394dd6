import { createRootRoute } from '@tanstack/react-router'
import { ErrorScreen } from '../errors/ErrorScreen.tsx'
import { NotFoundPage } from '../errors/NotFoundPage.tsx'
import { RootLayout } from '../layout/RootLayout.tsx'

export const Route = createRootRoute({
  component: RootLayout,
  errorComponent: ErrorScreen,
  notFoundComponent: NotFoundPage,
})
