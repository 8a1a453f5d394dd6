import { RouterProvider } from '@tanstack/react-router'
import { use, useMemo } from 'react'

import { IdentityContext } from '../identity/identity-context.ts'
import type { AppRouter } from './router.ts'

/**
 * The router, told who the visitor is: the sign-in guard (routes/_authed.tsx) reads it from its
 * context. The identity as provided, not useIdentity's: the guard needs who is there, and renders
 * nothing the server drew. Through useIdentity, the end of hydration re-rendered the router, and
 * with it every route, in one synchronous task, for a context that had not changed.
 */
export function AppRouterProvider({ router }: { router: AppRouter }) {
  const identity = use(IdentityContext)
  const context = useMemo(() => ({ identity }), [identity])
  return <RouterProvider router={router} context={context} />
}
