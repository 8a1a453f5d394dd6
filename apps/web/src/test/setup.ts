// Matchers that say what a user would see: toBeVisible, toHaveTextContent, toBeDisabled...
import '@testing-library/jest-dom/vitest'

import { notifications } from '@mantine/notifications'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Routes are code-split: the first render of a page waits for its chunk, which on a loaded CI
// machine (typecheck, lint and other suites running beside this one) can take several seconds, and
// a file that mocks a module imports the whole app again (over 12 s once, at a load of 14). A
// ceiling, not a wait: a passing test goes on as soon as what it looks for is there.
configure({ asyncUtilTimeout: 30_000 })

afterEach(() => {
  // Node-environment suites (the bundle check in src/build) have no DOM to clean.
  if (typeof window === 'undefined') return
  cleanup()
  // Test files share a worker: a toast left in the global store would take one of the three visible
  // places (the rest queue unseen) and show up in the next file's assertions.
  notifications.clean()
  window.localStorage.clear()
  document.documentElement.removeAttribute('data-mantine-color-scheme')
})
