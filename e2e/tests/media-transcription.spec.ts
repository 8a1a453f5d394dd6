import { expect, test } from '@playwright/test'

import { toast } from '../support/catalogue.ts'
import { MEDIA_TOOLS, mediaResult, openMediaTool, speechMp3 } from '../support/media.ts'

const SPOKEN = 'The weather today is sunny and warm.'

test.describe('audio transcription', () => {
  test.beforeEach(async ({ page }) => {
    await openMediaTool(page, MEDIA_TOOLS.transcription)
  })

  test('asks for a file first; the picker takes MP3 only', async ({ page }) => {
    await expect(page.locator('input[type="file"]')).toHaveAttribute('accept', 'audio/mpeg,.mp3')
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    await expect(toast(page, 'Please select an audio file')).toBeVisible()
    await expect(page.getByRole('button', { name: /Audio file \(MP3\)/ })).toBeFocused()
  })

  test('transcribes a real MP3 (made by the speech endpoint) and copies the text', async ({ page, context }) => {
    test.setTimeout(60_000)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const mp3 = await speechMp3(page.request, SPOKEN)
    await page.locator('input[type="file"]').setInputFiles({ name: 'weather.mp3', mimeType: 'audio/mpeg', buffer: mp3 })
    await page.getByRole('button', { name: 'Generate', exact: true }).click()

    const result = mediaResult(page, 'Transcript')
    const output = result.getByTestId('transcription-output')
    await expect(output).toBeVisible({ timeout: 30_000 })
    const text = (await output.innerText()).trim()
    // A speech recogniser, not an echo: most of the words come back, not necessarily all.
    const heard = SPOKEN.toLowerCase().replace(/[.]/g, '').split(' ')
    const recognised = heard.filter((word) => text.toLowerCase().includes(word))
    expect(recognised.length, `transcript: ${text}`).toBeGreaterThanOrEqual(3)

    await result.getByRole('button', { name: 'Copy', exact: true }).click()
    await expect(toast(page, 'Copied to Clipboard')).toBeVisible()
    expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(text)

    // One credit for the speech made above, one for the transcription.
    await page.goto('/profile')
    await expect(page.getByTestId('credits')).toHaveText('28 of 30 left')
  })

  test('a text file named .mp3 is refused by the server, and its message is shown', async ({ page }) => {
    await page.locator('input[type="file"]').setInputFiles({
      name: 'notes.mp3',
      mimeType: 'audio/mpeg',
      buffer: Buffer.from('These are plain text notes, not audio.\n'),
    })
    const answered = page.waitForResponse((response) => response.url().includes('/api/v2/response/transcription'))
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    const response = await answered
    expect(response.status()).toBe(400)
    const body = (await response.json()) as { status: string; error: string }
    expect(body.status).toBe('error')
    expect(body.error.length).toBeGreaterThan(0)

    await expect(toast(page, body.error)).toBeVisible()
    await expect(mediaResult(page, 'Transcript').getByRole('alert')).toContainText(body.error)
    await expect(page.getByRole('button', { name: 'Generate', exact: true })).toBeEnabled()
  })
})
