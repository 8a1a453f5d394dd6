import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useMemo, type ReactNode } from 'react'

import type { Viewer } from '@promptly/core/identity/user'

import { useTRPC } from '../trpc/client.ts'
import { LOADING_IDENTITY, type Identity } from './identity-context.ts'
import { signOutLocal } from './local-auth-api.ts'
import { ProvideIdentity } from './ProvideIdentity.tsx'
import { dropPerUserQueries } from './session-queries.ts'
import { useFetchFreshViewer } from './useFetchFreshViewer.ts'

// Only loaded when the server says identity is Clerk: local-identity pages never download it.
const ClerkIdentity = lazy(() => import('./clerk/ClerkIdentity.tsx'))

interface IdentityProviderProps {
  children: ReactNode
  /** Client-side navigation for Clerk's widgets (so a Clerk redirect does not reload the page). */
  navigate: (to: string, options?: { replace?: boolean }) => void
}

/**
 * Decides who the visitor is. `system.config` says which provider the server uses; the app's
 * own user always comes from `auth.me`. Both queries start together (one batched request).
 */
export function IdentityProvider({ children, navigate }: IdentityProviderProps) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const config = useQuery(trpc.system.config.queryOptions(undefined, { staleTime: Infinity, retry: false }))
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 5 * 60_000, retry: false }))

  const clerkKey = config.data?.identity === 'clerk' ? config.data.clerkPublishableKey : null

  const fetchViewer = useFetchFreshViewer()
  const refresh = useCallback(async (): Promise<Viewer | null> => {
    dropPerUserQueries(queryClient)
    return fetchViewer()
  }, [queryClient, fetchViewer])

  const signOut = useCallback(async () => {
    try {
      await signOutLocal()
    } finally {
      // Even if the server could not be reached, this tab stops showing the account.
      queryClient.setQueryData(trpc.auth.me.queryKey(), null)
      dropPerUserQueries(queryClient)
    }
  }, [queryClient, trpc])

  const local = useMemo<Identity>(() => {
    // A failed config call (server not up yet) means the defaults: local identity.
    if (config.isPending || me.isPending) return { ...LOADING_IDENTITY, provider: config.data?.identity ?? null }
    const user = me.data ?? null
    return { status: user ? 'signed-in' : 'signed-out', user, provider: 'local', signOut, refresh }
  }, [config.isPending, config.data?.identity, me.isPending, me.data, signOut, refresh])

  if (clerkKey) {
    return (
      <Suspense
        fallback={<ProvideIdentity value={{ ...LOADING_IDENTITY, provider: 'clerk' }}>{children}</ProvideIdentity>}
      >
        <ClerkIdentity publishableKey={clerkKey} navigate={navigate}>
          {children}
        </ClerkIdentity>
      </Suspense>
    )
  }
  return <ProvideIdentity value={local}>{children}</ProvideIdentity>
}
