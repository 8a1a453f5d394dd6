import { expect, test } from '@playwright/test'

import { waitForIdentity } from '../support/catalogue.ts'

test('the theme choice persists across reloads', async ({ page }) => {
  await page.goto('/')
  // The page arrives rendered: choose once it has hydrated, or the click is lost.
  await waitForIdentity(page)
  const html = page.locator('html')
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light')

  await page.getByRole('radio', { name: 'Dark' }).check({ force: true })
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await page.reload()
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await waitForIdentity(page)

  await page.getByRole('radio', { name: 'Light' }).check({ force: true })
  await page.reload()
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light')
})

test('System follows the operating system preference', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' })
  const page = await context.newPage()
  await page.goto('/')
  const system = page.getByRole('radio', { name: 'System' })
  // On a loaded machine the header can be clicked before React has attached its handlers, and
  // that click is lost: try again until the choice shows as made.
  await expect(async () => {
    await system.check({ force: true, timeout: 2_000 })
    await expect(system).toBeChecked({ timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await context.close()
})
