import { expect, test } from '@playwright/test'

test('the theme choice persists across reloads', async ({ page }) => {
  await page.goto('/')
  const html = page.locator('html')
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light')

  await page.getByRole('radio', { name: 'Dark' }).check({ force: true })
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await page.reload()
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark')

  await page.getByRole('radio', { name: 'Light' }).check({ force: true })
  await page.reload()
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light')
})

test('System follows the operating system preference', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' })
  const page = await context.newPage()
  await page.goto('/')
  await page.getByRole('radio', { name: 'System' }).check({ force: true })
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await context.close()
})
