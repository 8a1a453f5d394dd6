import { ClerkProvider, useAuth } from '@clerk/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'

import { useTRPC } from '../../trpc/client.ts'
import { setAuthTokenGetter } from '../auth-token.ts'
import { followSessionUser } from '../follow-session-user.ts'
import { LOADING_IDENTITY, type Identity } from '../identity-context.ts'
import { ProvideIdentity } from '../ProvideIdentity.tsx'
import { useFetchFreshViewer } from '../useFetchFreshViewer.ts'
import { useClerkLocalization } from './clerk-localization.ts'

interface ClerkIdentityProps {
  publishableKey: string
  navigate: (to: string, options?: { replace?: boolean }) => void
  children: ReactNode
}

/**
 * Clerk signs the visitor in; the app's user still comes from `auth.me`, which the server
 * answers from the Clerk session token this module attaches to every tRPC call.
 * Loaded lazily (see IdentityProvider) so the local-identity bundle never carries Clerk.
 */
export default function ClerkIdentity({ publishableKey, navigate, children }: ClerkIdentityProps) {
  // Clerk's sign-in and account screens speak the page's language (ClerkProvider passes a change on).
  const localization = useClerkLocalization()
  return (
    <ClerkProvider
      publishableKey={publishableKey}
      localization={localization}
      routerPush={(to) => navigate(to)}
      routerReplace={(to) => navigate(to, { replace: true })}
      signInUrl="/login"
      afterSignOutUrl="/"
    >
      <ClerkBridge>{children}</ClerkBridge>
    </ClerkProvider>
  )
}

function ClerkBridge({ children }: { children: ReactNode }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { isLoaded, isSignedIn, userId, getToken, signOut: clerkSignOut } = useAuth()
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 5 * 60_000, retry: false }))
  // The Clerk user for whom `auth.me` was last re-read; until it matches, identity is loading.
  const [syncedFor, setSyncedFor] = useState<string | null | undefined>(undefined)

  useEffect(() => {
    setAuthTokenGetter(() => getToken())
    return () => setAuthTokenGetter(null)
  }, [getToken])

  useEffect(() => {
    if (!isLoaded) return
    let cancelled = false
    const current = userId ?? null
    // `auth.me` may have been asked before Clerk loaded (without a token) or for another user.
    followSessionUser(queryClient, current)
    void queryClient
      .resetQueries(trpc.auth.me.queryFilter())
      .catch(() => undefined)
      .then(() => {
        if (!cancelled) setSyncedFor(current)
      })
    return () => {
      cancelled = true
    }
  }, [isLoaded, userId, queryClient, trpc])

  const refresh = useFetchFreshViewer()

  const signOut = useCallback(async () => {
    await clerkSignOut()
    queryClient.setQueryData(trpc.auth.me.queryKey(), null)
    followSessionUser(queryClient, null)
  }, [clerkSignOut, queryClient, trpc])

  const identity = useMemo<Identity>(() => {
    const synced = isLoaded && syncedFor === (userId ?? null) && !me.isPending
    if (!synced) return { ...LOADING_IDENTITY, provider: 'clerk' }
    const user = isSignedIn ? (me.data ?? null) : null
    return { status: user ? 'signed-in' : 'signed-out', user, provider: 'clerk', signOut, refresh }
  }, [isLoaded, isSignedIn, userId, syncedFor, me.isPending, me.data, signOut, refresh])

  return <ProvideIdentity value={identity}>{children}</ProvideIdentity>
}
