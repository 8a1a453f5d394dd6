import { createContext, use } from 'react'

import type { Viewer } from '@promptly/core/identity/user'

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

/** Who is using the app. Redirect decisions must wait until status is no longer 'loading'. */
export function useIdentity(): Identity {
  return use(IdentityContext)
}
