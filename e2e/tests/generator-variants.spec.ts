import { expect, test, type Page } from '@playwright/test'

import { PROVIDER_SERVER_ORIGIN } from '../playwright.config.ts'
import { openSignedIn } from '../support/accounts.ts'
import { fillXBio, generatorUrl } from '../support/generator.ts'

/** The signed-in user's credits left, read as a script reads them (GET /api/v1/limits). */
async function creditsLeft(page: Page): Promise<number> {
  const response = await page.request.get('/api/v1/limits')
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { data: { current_limit: number } }).data.current_limit
}

function variant(page: Page, number: number) {
  return page.getByRole('article', { name: new RegExp(`^Variant ${number}`) })
}

async function generateVariants(page: Page, count: number, who: string) {
  await fillXBio(page, who)
  // Mantine draws the radio's label over the hidden input: the label is what a pointer clicks.
  await page.locator('label', { has: page.getByText(String(count), { exact: true }) }).click()
  await expect(page.getByRole('radio', { name: String(count) })).toBeChecked()
  await page.getByRole('button', { name: 'Generate' }).click()
}

test('three variants stream side by side, each with Copy, Keep and Regenerate; 3 credits are spent', async ({
  page,
}) => {
  await openSignedIn(page, generatorUrl())
  const before = await creditsLeft(page)
  await generateVariants(page, 3, 'A potter who glazes mugs by hand')
  await expect(page.getByRole('button', { name: 'Regenerate', exact: true })).toBeEnabled({ timeout: 30_000 })
  const boxes = []
  for (const number of [1, 2, 3]) {
    const card = variant(page, number)
    await expect(card.getByTestId(`variant-output-${number}`)).toContainText(/a potter who glazes mugs by hand/i)
    await expect(card.getByRole('button', { name: 'Copy' })).toBeEnabled()
    await expect(card.getByRole('button', { name: 'Keep' })).toBeEnabled()
    await expect(card.getByRole('button', { name: `Regenerate variant ${number}` })).toBeEnabled()
    boxes.push(await card.boundingBox())
  }
  // Side by side on a wide screen: one row, left to right.
  expect(new Set(boxes.map((box) => Math.round(box?.y ?? -1))).size).toBe(1)
  expect(boxes.map((box) => box?.x ?? 0)).toEqual([...boxes.map((box) => box?.x ?? 0)].sort((a, b) => a - b))
  const texts = await Promise.all([1, 2, 3].map((number) => page.getByTestId(`variant-output-${number}`).innerText()))
  expect(new Set(texts).size).toBe(3)
  expect(await creditsLeft(page)).toBe(before - 3)

  // Keep marks the second in history; regenerating the third replaces it alone, for one more credit.
  await variant(page, 2).getByRole('button', { name: 'Keep' }).click()
  await expect(variant(page, 2).getByRole('button', { name: 'Keep' })).toHaveAttribute('aria-pressed', 'true')
  await variant(page, 3).getByRole('button', { name: 'Regenerate variant 3' }).click()
  await expect(variant(page, 3).getByTestId('variant-output-3')).not.toHaveText(texts[2]!, { timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Regenerate', exact: true })).toBeEnabled({ timeout: 30_000 })
  expect(await page.getByTestId('variant-output-1').innerText()).toBe(texts[0])
  expect(await creditsLeft(page)).toBe(before - 4)
  await page.goto('/history')
  await expect(page.getByTestId('history-item').filter({ hasText: 'Kept' })).toHaveCount(1)
})

test.describe('with a provider that fails one of three calls', () => {
  test.use({ baseURL: PROVIDER_SERVER_ORIGIN })

  test('the failed variant says so and is refunded: 2 credits are spent', async ({ page }) => {
    await openSignedIn(page, generatorUrl())
    const before = await creditsLeft(page)
    await generateVariants(page, 3, `A baker ${Date.now()}`)
    await expect(page.getByRole('button', { name: 'Regenerate', exact: true })).toBeEnabled({ timeout: 30_000 })
    const outputs = page.getByText(/^A variant written with seed \d+\.$/)
    await expect(outputs).toHaveCount(2)
    await expect(page.getByRole('alert').filter({ hasText: 'The generation did not work' })).toHaveCount(1)
    expect(await creditsLeft(page)).toBe(before - 2)
  })
})
