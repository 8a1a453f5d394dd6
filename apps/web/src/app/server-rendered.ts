import type { TsrSsrGlobal } from '@tanstack/react-router/ssr/client'

declare global {
  interface Window {
    /** The router state a server-rendered page leaves for the browser (its inline script). */
    $_TSR?: TsrSsrGlobal
  }
}

/**
 * A loader's background work: awaited when rendering on the server (the HTML must carry the data),
 * left running in the browser (the page shows at once and fills in).
 */
export async function awaitOnServer(work: readonly Promise<unknown>[]): Promise<void> {
  const all = Promise.all(work)
  if (typeof window === 'undefined') await all
  else all.catch(() => undefined)
}
