import type { Page } from '@playwright/test'

type ConsoleLevel = 'error' | 'warning'

function collect(page: Page, levels: readonly ConsoleLevel[], limit?: number): string[] {
  const messages: string[] = []
  page.on('console', (message) => {
    if ((levels as readonly string[]).includes(message.type())) messages.push(message.text().slice(0, limit))
  })
  page.on('pageerror', (error) => messages.push(error.message))
  return messages
}

/** Collects console errors and uncaught exceptions of a page, for "no console errors" checks. */
export function collectConsoleErrors(page: Page): string[] {
  return collect(page, ['error'])
}

/** Console errors and warnings, and uncaught exceptions: React reports a hydration mismatch as one of them. */
export function collectConsoleProblems(page: Page): string[] {
  return collect(page, ['error', 'warning'], 3000)
}

/** How React words a hydration mismatch, in development and in production builds. */
export const HYDRATION_PROBLEM = /hydrat|did not match|server rendered|Minified React error #4(18|19|20|21|22|23|25)/i
