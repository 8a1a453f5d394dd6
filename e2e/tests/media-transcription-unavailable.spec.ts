import { expect, test } from '@playwright/test'

import { silentMp3 } from '@promptly/core/media/testing/mp3-fixtures'

import { SECOND_SERVER_ORIGIN } from '../playwright.config.ts'
import { toast } from '../support/catalogue.ts'
import { MEDIA_TOOLS, mediaResult, openMediaTool } from '../support/media.ts'

// The portal as run by an operator who has not installed Debian's recogniser (lame, sox, pocketsphinx).
test.use({ baseURL: SECOND_SERVER_ORIGIN })

test('without the recogniser, a user is told plainly that transcription is unavailable, and pays nothing', async ({
  page,
}) => {
  await openMediaTool(page, MEDIA_TOOLS.transcription)
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'note.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from(silentMp3(2)) })
  await page.getByRole('button', { name: 'Generate', exact: true }).click()

  const message = 'Transcription is not available right now.'
  await expect(toast(page, message)).toBeVisible()
  const panel = mediaResult(page, 'Transcript').getByRole('alert')
  await expect(panel).toContainText(message)
  // Operator instructions stay in the server's log and /health.
  await expect(page.getByText(/apt-get|pocketsphinx|install/i)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Generate', exact: true })).toBeEnabled()

  await page.goto('/profile')
  await expect(page.getByTestId('credits')).toHaveText('30 of 30 left')
})
