import { expect, test } from '@playwright/test'

import { openSignedIn } from '../support/accounts.ts'
import { toast } from '../support/catalogue.ts'
import { generatorUrl } from '../support/generator.ts'
import { MEDIA_TOOLS, mediaResult, openMediaTool } from '../support/media.ts'

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

test('a voice on the paraphrase tool keeps its words to avoid out of the rewrite', async ({ page }) => {
  await openMediaTool(page, MEDIA_TOOLS.paraphrase)
  // Made as the profile makes it (the flow under test is the paraphrase page's), then the page again.
  const made = await page.request.post('/trpc/voices.create', {
    data: { json: { name: 'Plain words', wordsToAvoid: ['perfect', 'coffee'] } },
  })
  expect(made.ok(), await made.text()).toBe(true)
  await page.reload()
  await page.getByRole('combobox', { name: 'Brand voice' }).selectOption({ label: 'Plain words' })
  // Words the paraphraser keeps as they are without a voice (ai-local's avoided-words.test.ts).
  await page.getByRole('textbox', { name: 'Text to paraphrase' }).fill('This mug is basically perfect for coffee.')
  await page.getByRole('button', { name: 'Paraphrase', exact: true }).click()
  const output = mediaResult(page, 'Paraphrased text').getByTestId('paraphrase-output')
  await expect(output.locator('p').first()).toBeVisible({ timeout: 20_000 })
  await expect(output).toContainText(/mug/i)
  await expect(output).not.toContainText(/perfect|coffee/i)
})
