import { expect, test } from '@playwright/test'

import { toast } from '../support/catalogue.ts'
import { spendCredits } from '../support/generator.ts'
import { fieldDescription, MEDIA_TOOLS, mediaResult, openMediaTool } from '../support/media.ts'

const EMPTY_TEXT = 'Please enter the text to generate'

test.describe('paraphrase tool', () => {
  test.beforeEach(async ({ page }) => {
    await openMediaTool(page, MEDIA_TOOLS.paraphrase)
  })

  test('empty text: the message under the field, the field focused, nothing sent', async ({ page }) => {
    let sent = 0
    page.on('request', (request) => {
      if (request.url().includes('generation.paraphrase')) sent += 1
    })
    const field = page.getByRole('textbox', { name: 'Text to paraphrase' })
    await page.getByRole('button', { name: 'Paraphrase', exact: true }).click()
    await expect(toast(page, EMPTY_TEXT)).toBeVisible()
    await expect(field).toBeFocused()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(await fieldDescription(field)).toContain(EMPTY_TEXT)
    expect(sent).toBe(0)
  })

  test('Paste Text reads the clipboard, and says so when the browser refuses', async ({ page, context }) => {
    const field = page.getByRole('textbox', { name: 'Text to paraphrase' })
    // No permission granted: reading the clipboard is refused.
    await page.getByRole('button', { name: 'Paste Text', exact: true }).click()
    await expect(toast(page, 'The browser did not let us read the clipboard')).toBeVisible()

    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.evaluate(() => navigator.clipboard.writeText('Copied words to rework.'))
    await page.getByRole('button', { name: 'Paste Text', exact: true }).click()
    await expect(field).toHaveValue('Copied words to rework.')
  })

  test('paraphrases: the result line by line, copy, one credit spent', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const original = 'The quick brown fox jumps over the lazy dog.\nOur team ships small improvements every week.'
    await page.getByRole('textbox', { name: 'Text to paraphrase' }).fill(original)
    const result = mediaResult(page, 'Paraphrased text')
    await expect(page.getByRole('button', { name: 'Copy', exact: true })).toHaveCount(0)
    await page.getByRole('button', { name: 'Paraphrase', exact: true }).click()

    const lines = result.getByTestId('paraphrase-output').locator('p')
    await expect(lines.first()).toBeVisible({ timeout: 20_000 })
    const texts = (await lines.allInnerTexts()).map((line) => line.trim())
    expect(texts.length).toBeGreaterThanOrEqual(1)
    expect(texts.every((line) => line.length > 0)).toBe(true)
    await expect(result.getByRole('heading', { name: 'Paraphrased text' })).toBeFocused()

    await result.getByRole('button', { name: 'Copy', exact: true }).click()
    await expect(toast(page, 'Copied to Clipboard')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(texts.join('\n'))

    await page.goto('/profile')
    await expect(page.getByTestId('credits')).toHaveText('29 of 30 left')
  })

  test(
    "out of credits: the server's message with the way " + "to /plan; history's 'Run again' brings the text back",
    async ({ page }) => {
      await page.getByRole('textbox', { name: 'Text to paraphrase' }).fill('A short line to rework.')
      await page.getByRole('button', { name: 'Paraphrase', exact: true }).click()
      await expect(mediaResult(page, 'Paraphrased text').getByTestId('paraphrase-output')).toBeVisible({
        timeout: 20_000,
      })

      await spendCredits(page.request, 29)
      await page.getByRole('button', { name: 'Paraphrase', exact: true }).click()
      const result = mediaResult(page, 'Paraphrased text')
      await expect(result.getByText('You are out of credits')).toBeVisible()
      await expect(result.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute('href', '/plan')
      await expect(page.getByRole('button', { name: 'Paraphrase', exact: true })).toBeEnabled()

      await page.goto('/history')
      const row = page.getByTestId('history-item')
      await expect(row).toHaveCount(1)
      await expect(row).toContainText('Paraphrase')
      // Opened in this tab (the link's own target may be a new one): the original text is in the field.
      const again = await row.getByRole('link', { name: /Run again/ }).getAttribute('href')
      await page.goto(again ?? '/history')
      await expect(page.getByRole('textbox', { name: 'Text to paraphrase' })).toHaveValue('A short line to rework.')
    },
  )
})
