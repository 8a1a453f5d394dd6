import { useEffect, useSyncExternalStore } from 'react'

import type { sanitizeHtml } from '@promptly/core/generation/sanitize-html'

export type Sanitize = typeof sanitizeHtml

/**
 * Core's HTML sanitiser, fetched when a result is on its way instead of with the tool's page: its
 * parser is a fifth of the page's script, and a page that shows no result yet has nothing to clean.
 * Asked for when a generation starts, so it is in by the time the first words arrive.
 */
let loaded: Sanitize | null = null
let loading: Promise<Sanitize> | null = null
const listeners = new Set<() => void>()

export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('@promptly/core/generation/sanitize-html').then(
    (module) => {
      loaded = module.sanitizeHtml
      listeners.forEach((listener) => listener())
      return module.sanitizeHtml
    },
    (error: unknown) => {
      // A lost chunk (a flaky network, a deploy in between) is asked for again next time.
      loading = null
      throw error
    },
  )
  return loading
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const current = () => loaded

/** The sanitiser once it is in, else null; `needed` asks for it. Nothing unsanitised is ever shown meanwhile. */
export function useSanitizer(needed: boolean): Sanitize | null {
  const sanitize = useSyncExternalStore(subscribe, current, current)
  useEffect(() => {
    if (needed && !sanitize) loadSanitizer().catch(() => undefined)
  }, [needed, sanitize])
  return sanitize
}
