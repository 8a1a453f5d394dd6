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

/** Props for a server-rendered control (or a group of them) that must not take input before the page is live. */
export interface InertUntilHydrated {
  inert: boolean
  'aria-disabled': true | undefined
}

/**
 * Keeps server-rendered controls from taking focus, a click or a key until React has taken them
 * over (a choice made on markup that cannot act on it would be lost), and says so to assistive
 * tools and tests with aria-disabled. Not `disabled`: undoing that at the end of hydration makes the
 * browser re-evaluate `:disabled` for the control and everything inside it (each option of a select,
 * each field of a fieldset), a long task on a phone just as the page becomes usable.
 */
export function useInertUntilHydrated(): InertUntilHydrated {
  const hydrated = useHydrated()
  return { inert: !hydrated, 'aria-disabled': hydrated ? undefined : true }
}
