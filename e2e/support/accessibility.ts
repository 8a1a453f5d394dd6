import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import axe, { type AxeResults, type RunOptions } from 'axe-core'

/**
 * The pages anyone can open besides the home page, the plans and the tools, each with one h1: the
 * accessibility and language suites check them all (the placeholder token only opens the form).
 */
export const SIGNED_OUT_PAGES = [
  '/login',
  '/forgot-password',
  '/reset-password?token=0000000000000000000000000000000000000000000',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/transaction',
  '/blog',
  '/cancel',
]

/** WCAG 2.1 A and AA, plus axe's best practices (landmarks, heading order, one main, ...). */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** `full`: every rule of RULE_TAGS; `contrast`: only text contrast, the one rule a colour scheme changes. */
export type AxeScope = 'full' | 'contrast'

/** The key the app's colour scheme manager reads (apps/web/src/theme/color-scheme.ts). */
const COLOR_SCHEME_KEY = 'mantine-color-scheme-value'

/**
 * Checks the page as it is now with axe-core and fails listing every violation: the rule, what it
 * asks, and where (for contrast, the colours and ratio found).
 */
export async function expectNoAccessibilityViolations(
  page: Page,
  where: string,
  scope: AxeScope = 'full',
): Promise<void> {
  const { violations } = await runAxe(
    page,
    scope === 'full' ? { type: 'tag', values: RULE_TAGS } : { type: 'rule', values: ['color-contrast'] },
  )
  const found = violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const contrast = node.any.find((check) => check.id === 'color-contrast')?.data as
        { fgColor: string; bgColor: string; contrastRatio: number } | undefined
      const detail = contrast ? ` (${contrast.fgColor} on ${contrast.bgColor}: ${contrast.contrastRatio}:1)` : ''
      return `${violation.id}: ${violation.help}${detail} at ${node.target.join(' ')}`
    }),
  )
  expect(found, `accessibility violations on ${where}`).toEqual([])
}

/**
 * axe-core's own `run` over the whole document, its script injected once per document. AxeBuilder
 * injects the 650 KB script on every check and merges its result in a new blank page injected
 * again, for pages with frames: with none to merge, that was half the time of a full check and
 * three quarters of a contrast one here. Same rules, same region; frames go back to AxeBuilder.
 */
async function runAxe(page: Page, runOnly: RunOptions['runOnly']): Promise<AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).options({ runOnly }).analyze()
  // Functions passed to evaluate run in the page: they reach axe through its window, not this module.
  type AxeWindow = { axe?: typeof axe }
  const injected = await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function')
  if (!injected) await page.evaluate(axe.source)
  return page.evaluate((runOnly) => (window as AxeWindow).axe!.run(document, { runOnly }), runOnly)
}

/**
 * Makes the app follow the emulated system colour scheme (the "System" choice), set before any of
 * its scripts run, so `expectAccessibleInBothSchemes` can switch a page's scheme without reloading it.
 */
export async function followSystemColorScheme(page: Page): Promise<void> {
  await page.addInitScript((key) => localStorage.setItem(key, 'auto'), COLOR_SCHEME_KEY)
  await page.emulateMedia({ colorScheme: 'light' })
}

/**
 * Every rule in the light scheme, then text contrast in the dark one, on the same page in the same
 * state: the rest (names, landmarks, ARIA) does not change with the colours, and a full axe run
 * costs several times a contrast-only one. Leaves the page light. Needs `followSystemColorScheme`.
 */
export async function expectAccessibleInBothSchemes(page: Page, where: string): Promise<void> {
  await showScheme(page, 'light')
  await expectNoAccessibilityViolations(page, `${where} (light)`, 'full')
  await showScheme(page, 'dark')
  await expectNoAccessibilityViolations(page, `${where} (dark)`, 'contrast')
  await showScheme(page, 'light')
}

async function showScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme })
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
  // A colour caught halfway through a CSS transition would be neither scheme's: wait for them to end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}
