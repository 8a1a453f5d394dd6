import { createContext, use } from 'react'

import type { Viewer } from '@promptly/core/identity/user'

import { useHydrated } from '../app/useHydrated.ts'

export type IdentityStatus = 'loading' | 'signed-in' | 'signed-out'
export type IdentityProviderKind = 'local' | 'clerk'

export interface Identity {
  status: IdentityStatus
  /** The app's own user record (`auth.me`), whichever provider signed the visitor in. */
  user: Viewer | null
  /** Which sign-in the server is configured for; null until `system.config` has answered. */
  provider: IdentityProviderKind | null
  signOut: () => Promise<void>
  /** Re-reads `auth.me` (after a local sign-in or sign-up) and resolves with the new user. */
  refresh: () => Promise<Viewer | null>
}

const noop = async () => {}

export const LOADING_IDENTITY: Identity = {
  status: 'loading',
  user: null,
  provider: null,
  signOut: noop,
  refresh: async () => null,
}

export const IdentityContext = createContext<Identity>(LOADING_IDENTITY)

/**
 * Who is using the app. Redirect decisions must wait until status is no longer 'loading'.
 * 'loading' too while a component takes over server-rendered markup, even if the answer came
 * meanwhile (a part whose code arrived late hydrates after the rest): the server rendered it so.
 */
export function useIdentity(): Identity {
  const identity = use(IdentityContext)
  return useHydrated() ? identity : LOADING_IDENTITY
}
