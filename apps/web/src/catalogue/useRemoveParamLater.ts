import { useEffect, useEffectEvent } from 'react'

/**
 * While `present`, calls `remove` once, `delayMs` after the page showed it (used to drop
 * `?mytools` from the address 5 s after load). Leaving the page first cancels it.
 */
export function useRemoveParamLater(present: boolean, remove: () => void, delayMs: number): void {
  const onTimeout = useEffectEvent(remove)
  useEffect(() => {
    if (!present) return
    const timer = window.setTimeout(() => onTimeout(), delayMs)
    return () => window.clearTimeout(timer)
  }, [present, delayMs])
}

/** `search` without `name`, every other parameter kept. */
export function withoutParam<T extends object, K extends keyof T>(search: T, name: K): Omit<T, K> {
  const { [name]: _removed, ...rest } = search
  return rest
}
