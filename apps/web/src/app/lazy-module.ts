import { useEffect, useSyncExternalStore } from 'react'

/**
 * Code fetched when it is first needed rather than with the page (a sanitiser, validation schemas),
 * readable at once after that: `current()` answers synchronously, so a render or a form's
 * validation can use it without waiting, once something has waited for `load()`.
 */
export interface LazyModule<T> {
  /** Fetches it once; a failed fetch (a flaky network, a deploy in between) is tried again next time. */
  load(): Promise<T>
  /** It, once loaded; null before. */
  current(): T | null
  subscribe(listener: () => void): () => void
}

export function lazyModule<T>(fetchModule: () => Promise<T>): LazyModule<T> {
  let loaded: T | null = null
  let loading: Promise<T> | null = null
  const listeners = new Set<() => void>()
  return {
    load() {
      loading ??= fetchModule().then(
        (module) => {
          loaded = module
          listeners.forEach((listener) => listener())
          return module
        },
        (error: unknown) => {
          loading = null
          throw error
        },
      )
      return loading
    },
    current: () => loaded,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The module once it is in, else null; `needed` asks for it, and the component renders again when it arrives. */
export function useLazyModule<T>(module: LazyModule<T>, needed: boolean): T | null {
  const current = useSyncExternalStore(module.subscribe, module.current, module.current)
  useEffect(() => {
    if (needed && current === null) module.load().catch(() => undefined)
  }, [module, needed, current])
  return current
}
