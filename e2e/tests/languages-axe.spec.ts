import { expect, test, type Locator, type Page } from '@playwright/test'

import { LANGUAGE_CODES, LANGUAGES, type Language } from '@promptly/core/web/languages'

import { LANGUAGE_ADMIN_EMAILS } from '../playwright.config.ts'
import { expectNoAccessibilityViolations, followSystemColorScheme, SIGNED_OUT_PAGES } from '../support/accessibility.ts'
import { createVerifiedAccount, expectSignedIn, newAccount } from '../support/accounts.ts'
import { generateXBio, generatorUrl, resultOutput, X_BIO } from '../support/generator.ts'
import {
  languagePicker,
  rememberLanguage,
  waitForHomeReady,
  waitForHydratedIn,
  waitForToolReady,
  webText,
} from '../support/languages.ts'

// Every page checked with axe-core in every interface language (lang and dir set, longer or
// right-to-left texts), with every rule accessibility.spec.ts applies, in the light scheme: the
// colours do not change with the language, and accessibility.spec.ts checks the dark one. The
// pages a first visit lands on run in all four languages here; the rest in the three besides
// English, which accessibility.spec.ts checks.

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

const OTHER_LANGUAGES = LANGUAGE_CODES.filter((language) => language !== 'en')
const OTHER_SIGNED_OUT_PAGES = SIGNED_OUT_PAGES.filter((path) => !PAGES.some((page) => page.path === path))

for (const language of OTHER_LANGUAGES) {
  test(`the other signed-out pages in ${language}`, async ({ page, context, baseURL }) => {
    await rememberLanguage(context, baseURL!, language)
    for (const path of OTHER_SIGNED_OUT_PAGES) {
      await page.goto(path)
      await readyWithHeading(page, language)
      await expectNoAccessibilityViolations(page, `${path} in ${language}`)
    }
  })

  test(`the signed-in pages in ${language}, from a result to a paid plan`, async ({ page }) => {
    await createVerifiedAccount(page)
    await page.goto(generatorUrl())
    await expectSignedIn(page)
    await generateXBio(page)
    // The page changes language in place, so the result stays; the picker remembers the language.
    await languagePicker(page, 'en').selectOption({ label: LANGUAGES[language].name })
    await waitForHydratedIn(page, language)
    await expect(resultOutput(page)).not.toBeEmpty()
    await expectNoAccessibilityViolations(page, `the generator with a result in ${language}`)

    const signedInPages: { path: string; content: Locator }[] = [
      { path: '/history', content: page.getByText(X_BIO.name).first() },
      { path: '/profile', content: page.getByTestId('credits') },
      { path: '/form', content: page.getByRole('heading', { level: 1 }) },
      { path: '/plan', content: page.getByTestId('plan-card-MONTHLY') },
    ]
    for (const { path, content } of signedInPages) {
      await page.goto(path)
      await waitForHydratedIn(page, language)
      await expect(content).toBeVisible()
      await expectNoAccessibilityViolations(page, `${path} signed in, in ${language}`)
    }

    await page.getByTestId('plan-card-MONTHLY').getByRole('button').click()
    await expect(page.getByTestId('order-summary')).toBeVisible()
    await expectNoAccessibilityViolations(page, `the local checkout in ${language}`)
    const pay = webText(language, 'account/plan.json', 'checkout.pay')
    await page.getByRole('button', { name: pay, exact: true }).click()
    await expect(page.getByTestId('payment-paid')).toBeVisible()
    await expectNoAccessibilityViolations(page, `/success in ${language}`)
  })

  test(`the admin console in ${language}`, async ({ page, context, baseURL }) => {
    // An address signs up once per server: each language and repetition takes its own.
    const email = LANGUAGE_ADMIN_EMAILS[OTHER_LANGUAGES.indexOf(language) * 5 + test.info().repeatEachIndex]
    if (!email) throw new Error(`LANGUAGE_ADMIN_EMAILS has no address for ${language}, this repetition`)
    await createVerifiedAccount(page, newAccount({ email }))
    await rememberLanguage(context, baseURL!, language)

    const tabs: { query: string; content: Locator }[] = [
      { query: '', content: page.getByTestId('admin-user-row').first() },
      { query: '?tab=plans', content: page.getByRole('article').first() },
      { query: '?tab=dashboard', content: page.getByTestId('chart-summary').first() },
    ]
    for (const { query, content } of tabs) {
      await page.goto(`/admin${query}`)
      await waitForHydratedIn(page, language)
      await expect(content).toBeVisible()
      await expectNoAccessibilityViolations(page, `/admin${query} in ${language}`)
    }
  })
}
