import { expect, test } from '@playwright/test'

import { openSignedIn } from '../support/accounts.ts'
import { bookmarkButton, categoryTabs, gotoCatalogue, toast, toolCard, waitForCatalogue } from '../support/catalogue.ts'
import { generatorUrl, resultOutput, X_BIO } from '../support/generator.ts'

// The main flows with the keyboard alone: no click anywhere in these tests.

test('the first Tab reaches the skip link, which moves focus past the navigation', async ({ page }) => {
  await gotoCatalogue(page, '/')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible() // hidden until focused, then shown
  await page.keyboard.press('Enter')
  // The next Tab starts inside the main content, not in the header.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.closest('#main-content') !== null)).toBe(true)
})

test('search with Enter, then move between categories with the arrow keys', async ({ page }) => {
  await gotoCatalogue(page, '/')
  await page.getByPlaceholder('Search Tools..').focus()
  await page.keyboard.type('cold email')
  await page.keyboard.press('Enter')
  await expect(toolCard(page, 'Cold Email Generator')).toBeVisible()

  const allTools = categoryTabs(page).getByRole('tab', { name: 'All Tools' })
  await allTools.focus()
  await page.keyboard.press('ArrowRight')
  const second = categoryTabs(page).getByRole('tab').nth(1)
  await expect(second).toBeFocused()
  // Arrows only move focus (each category is a request); Enter opens the focused one.
  await expect(second).toHaveAttribute('aria-selected', 'false')
  await page.keyboard.press('Enter')
  await expect(second).toHaveAttribute('aria-selected', 'true')
  const name = (await second.textContent())!.trim()
  await expect(page.getByRole('tabpanel', { name })).toBeVisible()
})

test('bookmark a tool and generate with the keyboard alone', async ({ page }) => {
  await openSignedIn(page, '/')
  await waitForCatalogue(page)
  const bookmark = bookmarkButton(toolCard(page, 'Cold Email Generator'), 'Cold Email Generator')
  await bookmark.focus()
  await page.keyboard.press('Space')
  await expect(toast(page, 'Bookmark added!')).toBeVisible()
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true')

  await page.goto(generatorUrl())
  await expect(page.getByRole('heading', { level: 1, name: X_BIO.name })).toBeVisible()
  // The server-rendered form is disabled until the page has hydrated: only then can it take focus.
  const who = page.getByRole('textbox', { name: /Who you are/ })
  await expect(who).toBeEnabled()
  await who.focus()
  await page.keyboard.type('A product designer who bakes sourdough')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('textbox', { name: /What you post about/ })).toBeFocused()
  await page.keyboard.type('design systems and bread')
  // Tab on to the Generate button, however many optional fields come first.
  const generate = page.getByRole('button', { name: 'Generate' })
  for (
    let presses = 0;
    presses < 15 && !(await generate.evaluate((button) => button === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab')
  }
  await expect(generate).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeEnabled({ timeout: 20_000 })
  expect((await resultOutput(page).innerText()).trim().length).toBeGreaterThan(40)
})
