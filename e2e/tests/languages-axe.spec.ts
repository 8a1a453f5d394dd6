import { expect, test, type Page } from '@playwright/test'

import { LANGUAGE_CODES, type Language } from '@promptly/core/web/languages'

import { expectNoAccessibilityViolations, followSystemColorScheme } from '../support/accessibility.ts'
import { generatorUrl, X_BIO } from '../support/generator.ts'
import { rememberLanguage, waitForHomeReady, waitForHydratedIn, waitForToolReady } from '../support/languages.ts'

// The signed-out pages checked with axe-core in every interface language (lang and dir set, longer
// or right-to-left texts), with every rule accessibility.spec.ts applies, in the light scheme: the
// colours do not change with the language, and accessibility.spec.ts checks the dark one.

// A full axe run has taken over 40 s on a loaded two-core machine: the ceiling of the other axe tests.
test.describe.configure({ timeout: 120_000 })

test.beforeEach(async ({ page }) => {
  await followSystemColorScheme(page)
})

/** Each page with what shows it ready: its content drawn and the page hydrated in the language. */
const PAGES: { path: string; ready: (page: Page, language: Language) => Promise<void> }[] = [
  { path: '/', ready: waitForHomeReady },
  { path: generatorUrl(), ready: (page, language) => waitForToolReady(page, language, X_BIO.name, /Who you are/) },
  {
    path: '/plan',
    ready: async (page, language) => {
      await waitForHydratedIn(page, language)
      await expect(page.getByTestId('plan-card-MONTHLY')).toBeVisible()
    },
  },
  { path: '/login', ready: readyWithHeading },
  { path: '/about', ready: readyWithHeading },
]

async function readyWithHeading(page: Page, language: Language): Promise<void> {
  await waitForHydratedIn(page, language)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

// One test per page and language, so each stays well inside its ceiling and they run in parallel.
for (const language of LANGUAGE_CODES) {
  for (const { path, ready } of PAGES) {
    test(`${path} in ${language}`, async ({ page, context, baseURL }) => {
      await rememberLanguage(context, baseURL!, language)
      await page.goto(path)
      await ready(page, language)
      await expectNoAccessibilityViolations(page, `${path} in ${language}`)
    })
  }
}
