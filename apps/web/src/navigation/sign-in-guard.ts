import { redirect, type StaticDataRouteOption } from '@tanstack/react-router'
import type { TFunction } from 'i18next'

import { toast } from '../components/toast.ts'
import type { Identity } from '../identity/identity-context.ts'
import { currentPathWithQuery } from './redirect.ts'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The toast for a signed-out visitor sent to /login ('Login to continue...' unless a page says otherwise). */
    signedOutMessage?: (t: TFunction) => string
    /** Only admins may stay; other signed-in users go home with 'Cannot access '. */
    adminOnly?: boolean
  }
}

interface GuardInput {
  identity: Identity
  location: { pathname: string; searchStr: string }
  /** The matched routes, outermost first: a page's `staticData` says what it asks for. */
  matches: readonly { staticData: StaticDataRouteOption }[]
  /** Hovering a link preloads its route: it may redirect, but only a real visit toasts. */
  preload: boolean
  /** The page's texts (the router context's instance: the guard runs outside React). */
  t: TFunction
}

/** What the matched pages ask of the visitor, the innermost page's word last. */
export function pageRules(matches: GuardInput['matches']): StaticDataRouteOption {
  return Object.assign({}, ...matches.map((match) => match.staticData))
}

/**
 * The `_authed` layout's beforeLoad. Nothing happens while the identity state loads (the layout
 * shows a loader, and the router checks again once it has loaded); then a signed-out visitor goes
 * to /login?redirect=<this page and query> and a non-admin on an admin page goes home, each with a toast.
 */
export function requireSignIn({ identity, location, matches, preload, t }: GuardInput): void {
  if (identity.status === 'loading') return
  const rules = pageRules(matches)
  if (!identity.user) {
    if (!preload) toast.error(rules.signedOutMessage?.(t) ?? t('common.session.loginToContinue'), 'sign-in-required')
    throw redirect({ to: '/login', search: { redirect: currentPathWithQuery(location) }, replace: true })
  }
  if (rules.adminOnly && !identity.user.isAdmin) {
    if (!preload) toast.error(t('common.session.cannotAccess'), 'access-denied')
    throw redirect({ to: '/', replace: true })
  }
}
