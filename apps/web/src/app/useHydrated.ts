import { useSyncExternalStore } from 'react'

const noSubscription = () => () => undefined

/**
 * False while React takes over server-rendered markup (and on the server), true once it has and in
 * every render of a page the browser drew itself: React renders with the server's answer first,
 * then again with the browser's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
