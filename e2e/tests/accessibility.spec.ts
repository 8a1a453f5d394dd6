import { expect, test } from '@playwright/test'

import { expectAccessibleInBothSchemes, followSystemColorScheme, SIGNED_OUT_PAGES } from '../support/accessibility.ts'
import { createVerifiedAccount, expectSignedIn, openSignedIn } from '../support/accounts.ts'
import {
  bookmarkButton,
  categoryTabs,
  gotoCatalogue,
  toast,
  toggleBookmark,
  toolCard,
  waitForCatalogue,
} from '../support/catalogue.ts'
import { fillXBio, generatorUrl, X_BIO } from '../support/generator.ts'
import { MEDIA_TOOLS } from '../support/media.ts'

// Every page checked with axe-core against WCAG 2.1 AA and axe's best practices (contrast, names of
// controls, landmarks, ARIA use) in the light scheme, and for text contrast again in the dark one,
// switched in place so each state is set up once. languages-axe.spec.ts checks them in every other
// interface language.

// An axe run over a full page takes seconds on a loaded two-core machine: these tests measured
// 25-48 s with two workers and nothing else running, so they get twice the usual ceiling.
test.describe.configure({ timeout: 120_000 })

test.beforeEach(async ({ page }) => {
  await followSystemColorScheme(page)
})

test('home and catalogue, on a desktop and on a phone', async ({ page }) => {
  await gotoCatalogue(page, '/')
  await expect(page.getByRole('article').first()).toBeVisible()
  await expectAccessibleInBothSchemes(page, 'home')

  await page.setViewportSize({ width: 390, height: 844 })
  await gotoCatalogue(page, '/')
  await expect(page.getByRole('article').first()).toBeVisible()
  await expectAccessibleInBothSchemes(page, 'home on a phone')
})

test('the catalogue signed in: a bookmarked card in My Tools, then search results', async ({ page }) => {
  await openSignedIn(page, '/')
  await waitForCatalogue(page)
  await toggleBookmark(page, 'Cold Email Generator', 'added')

  await gotoCatalogue(page, '/?mytools')
  await expect(categoryTabs(page).getByRole('tab', { name: 'My Tools' })).toHaveAttribute('aria-selected', 'true')
  const bookmarked = toolCard(page, 'Cold Email Generator')
  await expect(bookmarkButton(bookmarked, 'Cold Email Generator')).toHaveAttribute('aria-pressed', 'true')
  await expectAccessibleInBothSchemes(page, 'My Tools, signed in')

  // Cards under the 'Results for' h3 are h4 (axe checks the heading order).
  await page.getByPlaceholder('Search Tools..').fill('email')
  await page.getByRole('button', { name: 'Search Ai tools' }).click()
  await expect(bookmarked.getByRole('heading', { level: 4, name: 'Cold Email Generator' })).toBeVisible()
  await expectAccessibleInBothSchemes(page, 'search results, signed in')
})

test('the signed-out pages', async ({ page }) => {
  for (const path of SIGNED_OUT_PAGES) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessibleInBothSchemes(page, path)
  }
})

// Three tests rather than one, so each stays well inside its ceiling.
test('the generator with a toast and with a result', async ({ page }) => {
  await openSignedIn(page, generatorUrl())
  await expect(page.getByRole('heading', { level: 1, name: X_BIO.name })).toBeVisible()
  await expectAccessibleInBothSchemes(page, 'the generator')

  await page.getByRole('button', { name: 'Generate' }).click()
  const required = toast(page, `${X_BIO.whoPlaceholder} is required`)
  await expect(required).toBeVisible()
  // Toasts close after 4 s unless hovered; both checks together outlast that on a loaded machine.
  await required.hover()
  await expectAccessibleInBothSchemes(page, 'the generator with a toast')
  await expect(required).toBeVisible()
  await fillXBio(page)
  await page.getByRole('button', { name: 'Generate' }).click()
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeEnabled({ timeout: 20_000 })
  await expectAccessibleInBothSchemes(page, 'the generator with a result')
})

test('the dedicated tools', async ({ page }) => {
  await createVerifiedAccount(page)
  for (const tool of Object.values(MEDIA_TOOLS)) {
    await page.goto(generatorUrl(tool.id))
    await expectSignedIn(page)
    await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible()
    // The tool's form arrives in its own chunk: check it, not the placeholder shown meanwhile.
    await expect(page.getByRole('status', { name: 'Loading the tool' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^(Generate|Paraphrase)$/ })).toBeVisible()
    await expectAccessibleInBothSchemes(page, tool.name)
  }
})

test('profile and history, empty and after a generation', async ({ page }) => {
  await openSignedIn(page, '/history')
  await expect(page.getByText('Nothing here yet.', { exact: false })).toBeVisible()
  await expectAccessibleInBothSchemes(page, 'the empty history')

  await page.goto(generatorUrl())
  await fillXBio(page)
  await page.getByRole('button', { name: 'Generate' }).click()
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeEnabled({ timeout: 20_000 })

  await page.goto('/profile')
  await expect(page.getByTestId('credits')).toHaveText('29 of 30 left')
  await expectAccessibleInBothSchemes(page, '/profile')

  await page.goto('/history')
  await expect(page.getByText(X_BIO.name).first()).toBeVisible()
  await expectAccessibleInBothSchemes(page, '/history')
})

test('plans, the local checkout, the return page and the transaction history', async ({ page }) => {
  await openSignedIn(page, '/plan')
  await expect(page.getByTestId('plan-card-MONTHLY')).toBeVisible()
  await expectAccessibleInBothSchemes(page, '/plan')

  await page
    .getByTestId('plan-card-MONTHLY')
    .getByRole('button', { name: /^Buy Monthly/ })
    .click()
  await expect(page.getByTestId('order-summary')).toBeVisible()
  await expectAccessibleInBothSchemes(page, 'the local checkout')

  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page.getByTestId('payment-paid')).toBeVisible()
  await expectAccessibleInBothSchemes(page, '/success')

  await page.goto('/profile')
  await page.getByRole('button', { name: 'Transaction History' }).click()
  await expect(page.getByRole('dialog', { name: 'Transaction History' }).locator('tbody tr')).toHaveCount(1)
  await expectAccessibleInBothSchemes(page, 'the transaction history')
})
