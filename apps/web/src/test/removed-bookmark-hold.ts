import { waitFor } from '@testing-library/react'
import { expect, vi } from 'vitest'

import { REMOVED_BOOKMARK_HOLD_MS } from '../catalogue/useSetBookmark.ts'

/**
 * Puts the test in charge of when a removed bookmark stops being held in place. useSetBookmark holds
 * the row for REMOVED_BOOKMARK_HOLD_MS of real time; left to the clock, a test cannot say "during the
 * hold" on a loaded machine, and each removal costs it that long. Only timers of exactly that length
 * are kept back, until `end()`; every other timer (waitFor, user-event, toasts) runs as usual. The
 * spy is undone after the test (restoreMocks).
 */
export function takeChargeOfBookmarkHold(): { end: () => Promise<void> } {
  const realSetTimeout = window.setTimeout.bind(window)
  const held: Array<() => void> = []
  let nextId = -1
  vi.spyOn(window, 'setTimeout').mockImplementation(((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
    if (ms !== REMOVED_BOOKMARK_HOLD_MS || typeof handler !== 'function') return realSetTimeout(handler, ms, ...args)
    held.push(() => handler(...args))
    return nextId--
  }) as typeof window.setTimeout)
  return {
    /** Ends every hold started so far; waits for the press that starts one if it has not yet. */
    end: async () => {
      await waitFor(() => expect(held.length, 'no removed bookmark is being held').toBeGreaterThan(0))
      for (const release of held.splice(0)) release()
    },
  }
}
