import { expect, test } from '@playwright/test'

import { toast } from '../support/catalogue.ts'
import { fieldDescription, MEDIA_TOOLS, mediaResult, openMediaTool } from '../support/media.ts'

test.describe('text to audio', () => {
  test.beforeEach(async ({ page }) => {
    await openMediaTool(page, MEDIA_TOOLS.textToAudio)
    await expect(page.getByRole('heading', { name: 'Text to Audio Conversion' })).toBeVisible()
  })

  test('asks for text, then for a tone; alloy is chosen to begin with', async ({ page }) => {
    const text = page.getByPlaceholder('Enter Prompt to generate audio')
    const tone = page.getByRole('combobox', { name: 'Select Tone' })
    await expect(tone).toHaveValue('alloy')
    await expect(tone.locator('optgroup[label="Choose a Tone"] option')).toHaveText([
      'alloy',
      'echo',
      'fable',
      'onyx',
      'nova',
      'shimmer',
    ])

    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    await expect(toast(page, 'Please Input something to generate audio')).toBeVisible()
    await expect(text).toBeFocused()

    await text.fill('Hello from the test')
    await tone.selectOption('')
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    await expect(toast(page, 'Please select a tone to generate audio')).toBeVisible()
    expect(await fieldDescription(tone)).toContain('Please select a tone to generate audio')
  })

  test('speaks: the player gets playable audio, Download Audio saves audio_file.mp3', async ({ page }) => {
    test.setTimeout(60_000)
    await page
      .getByPlaceholder('Enter Prompt to generate audio')
      .fill('Good morning. This sentence was spoken by the test.')
    await page.getByRole('combobox', { name: 'Select Tone' }).selectOption('nova')
    const audioResponse = page.waitForResponse(
      (response) => response.url().includes('/media/') && response.request().resourceType() === 'media',
    )
    await page.getByRole('button', { name: 'Generate', exact: true }).click()

    const result = mediaResult(page, 'Your audio')
    const player = result.locator('audio')
    await expect(player).toHaveAttribute('src', /^\/media\/[0-9a-f-]{36}$/, { timeout: 30_000 })
    await expect(player).toHaveAttribute('controls', '')
    expect(await player.evaluate((audio: HTMLAudioElement) => audio.autoplay)).toBe(true)
    expect((await audioResponse).headers()['content-type']).toBe('audio/mpeg')
    await expect
      .poll(() => player.evaluate((audio: HTMLAudioElement) => (audio.readyState >= 1 ? audio.duration : 0)), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0.5)

    const download = result.getByRole('link', { name: 'Download Audio' })
    await expect(download).toHaveAttribute('download', 'audio_file.mp3')
    const served = await page.request.get((await download.getAttribute('href')) ?? '')
    expect(served.headers()['content-type']).toBe('audio/mpeg')
    const saved = page.waitForEvent('download')
    await download.click()
    expect((await saved).suggestedFilename()).toBe('audio_file.mp3')

    await page.goto('/profile')
    await expect(page.getByTestId('credits')).toHaveText('29 of 30 left')
  })

  test("history keeps the audio with a player, and 'Run again' brings the text back", async ({ page }) => {
    test.setTimeout(60_000)
    const spoken = 'A line to hear again later.'
    await page.getByPlaceholder('Enter Prompt to generate audio').fill(spoken)
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    await expect(mediaResult(page, 'Your audio').getByRole('link', { name: 'Download Audio' })).toBeVisible({
      timeout: 30_000,
    })

    await page.goto('/history')
    const row = page.getByTestId('history-item')
    await expect(row).toHaveCount(1)
    await expect(row).toContainText('Text to audio')
    await expect(row.locator('audio')).toHaveAttribute('src', /^\/media\//)
    await row.getByRole('link', { name: /Run again/ }).click()
    await expect(page.getByPlaceholder('Enter Prompt to generate audio')).toHaveValue(spoken)
  })
})
