import { RouterProvider } from '@tanstack/react-router'

import { useIdentity } from '../identity/identity-context.ts'
import type { AppRouter } from './router.ts'

/** The router, told who the visitor is: the sign-in guard (routes/_authed.tsx) reads it from its context. */
export function AppRouterProvider({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} context={{ identity: useIdentity() }} />
}
