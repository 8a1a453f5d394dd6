import { useBlocker } from '@tanstack/react-router'
import { useRef } from 'react'

/**
 * Holds navigation away from unsaved changes until the user decides (the page shows the question
 * while `status` is 'blocked'); closing or reloading the tab gets the browser's own question.
 * `allowNextLeave` lets the builder's own navigation through after a save or a delete.
 */
export function useUnsavedChangesGuard(isDirty: () => boolean) {
  const allowed = useRef(false)
  const blocker = useBlocker({
    shouldBlockFn: () => !allowed.current && isDirty(),
    enableBeforeUnload: () => !allowed.current && isDirty(),
    withResolver: true,
  })
  return {
    blocked: blocker.status === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
    allowNextLeave: () => {
      allowed.current = true
    },
  }
}
