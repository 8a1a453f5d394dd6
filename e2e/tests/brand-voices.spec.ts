import { expect, test } from '@playwright/test'

import { openSignedIn } from '../support/accounts.ts'
import { toast } from '../support/catalogue.ts'
import { generatorUrl } from '../support/generator.ts'

/** The seeded Product Description Generator (its id is derived from its slug). */
const PRODUCT_DESCRIPTION_ID = '325a7700-0ebc-83ca-99fc-be6a26b13e98'

test('a saved voice shapes a product description: "handmade" used, "cheap" never; history names it', async ({
  page,
}) => {
  await openSignedIn(page, '/profile')
  await page.getByRole('button', { name: 'New voice' }).click()
  const form = page.getByRole('dialog', { name: 'New brand voice' })
  await form.getByRole('textbox', { name: 'Name' }).fill('Workshop')
  await form.getByRole('textbox', { name: 'Tone' }).fill('Warm')
  const toUse = form.getByRole('combobox', { name: 'Words to use' })
  await toUse.fill('handmade')
  await toUse.press('Enter')
  const toAvoid = form.getByRole('combobox', { name: 'Words to avoid' })
  await toAvoid.fill('cheap')
  await toAvoid.press('Enter')
  await form.getByRole('button', { name: 'Save voice' }).click()
  await expect(toast(page, 'Brand voice “Workshop” saved')).toBeVisible()

  await page.goto(generatorUrl(PRODUCT_DESCRIPTION_ID))
  await page.getByRole('combobox', { name: 'Brand voice' }).selectOption({ label: 'Workshop' })
  await page.getByRole('textbox', { name: /Product name/ }).fill('Stoneware coffee mug')
  await page.getByRole('textbox', { name: /Key features/ }).fill('Thrown on the wheel, dishwasher safe, holds 350 ml')
  await page.getByRole('combobox', { name: /Format/ }).selectOption('Short paragraph and 5 bullet points')
  await page.getByRole('button', { name: 'Generate' }).click()
  await expect(page.getByRole('button', { name: 'Regenerate', exact: true })).toBeEnabled({ timeout: 30_000 })
  const output = page.getByTestId('generation-output')
  await expect(output).toContainText(/handmade/i)
  await expect(output).not.toContainText(/cheap/i)

  // The pick is remembered for the next tool page.
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Brand voice' }).locator('option:checked')).toHaveText('Workshop')

  await page.goto('/history')
  await expect(page.getByTestId('history-item').first().getByTestId('history-voice')).toHaveText(
    'Brand voice: Workshop',
  )
})
