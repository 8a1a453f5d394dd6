import { expect, test } from '@playwright/test'

import { toast } from '../support/catalogue.ts'
import { holdRequests } from '../support/held-requests.ts'
import { MEDIA_TOOLS, mediaResult, openMediaTool } from '../support/media.ts'

test.describe('image generator', () => {
  test.beforeEach(async ({ page }) => {
    await openMediaTool(page, MEDIA_TOOLS.image)
  })

  test('the defaults, the price before generating, and the style chips by keyboard', async ({ page }) => {
    await expect(page.getByRole('combobox', { name: 'Number of images' })).toHaveValue('1')
    await expect(page.getByRole('combobox', { name: 'Quality' })).toHaveValue('hd')
    await expect(page.getByRole('radio', { name: 'Professional' })).toBeChecked()
    const cost = page.getByTestId('image-cost')
    await expect(cost).toHaveText('This costs 2 credits')
    await page.getByRole('combobox', { name: 'Number of images' }).selectOption('3')
    await expect(cost).toHaveText('This costs 6 credits')
    await page.getByRole('combobox', { name: 'Quality' }).selectOption({ label: 'Standard' })
    await expect(cost).toHaveText('This costs 3 credits')

    // The chips are one radio group: the arrow keys move the choice.
    await page.getByRole('radio', { name: 'Professional' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('radio', { name: 'Art' })).toBeChecked()
    await expect(page.getByRole('radio', { name: 'Art' })).toBeFocused()
  })

  test('an empty prompt is refused before anything is spent', async ({ page }) => {
    let sent = 0
    page.on('request', (request) => {
      if (request.url().includes('generation.image')) sent += 1
    })
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    await expect(toast(page, 'Please enter the text to generate')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Describe the image' })).toBeFocused()
    expect(sent).toBe(0)
  })

  test('3 images: placeholders while working, then 3 loaded images that download as image.jpg', async ({ page }) => {
    test.setTimeout(60_000)
    // Held until the placeholders have been seen.
    const generation = await holdRequests(page, '**/trpc/*generation.image*')
    const prompt = 'A lighthouse on a cliff at dawn with seabirds'
    await page.getByRole('textbox', { name: 'Describe the image' }).fill(prompt)
    await page.getByRole('combobox', { name: 'Number of images' }).selectOption('3')
    await page.getByRole('group', { name: 'Style' }).getByText('Photo', { exact: true }).click()
    await expect(page.getByRole('radio', { name: 'Photo' })).toBeChecked()
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    const result = mediaResult(page, 'Your images')
    await expect(result.getByTestId('image-placeholder')).toHaveCount(3)
    generation.release()

    const images = result.getByTestId('image-grid').getByRole('img')
    await expect(images).toHaveCount(3, { timeout: 30_000 })
    await expect
      .poll(() =>
        images.evaluateAll((all) => all.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length),
      )
      .toBe(3)
    await expect(images.first()).toHaveAttribute('alt', `${prompt} (image 1 of 3)`)
    await expect(result.getByTestId('image-placeholder')).toHaveCount(0)

    const downloads = result.getByRole('link', { name: /^Download image/ })
    await expect(downloads).toHaveCount(3)
    for (const link of await downloads.all()) await expect(link).toHaveAttribute('download', 'image.jpg')
    const href = await downloads.first().getAttribute('href')
    const served = await page.request.get(href ?? '')
    expect(served.ok()).toBe(true)
    expect(served.headers()['content-type']).toBe('image/jpeg')

    const download = page.waitForEvent('download')
    await downloads.first().click()
    expect((await download).suggestedFilename()).toBe('image.jpg')

    // 3 images in High quality: 6 credits.
    await page.goto('/profile')
    await expect(page.getByTestId('credits')).toHaveText('24 of 30 left')

    // History: the thumbnails download too, and 'Run again' brings back the prompt and the style.
    await page.goto('/history')
    const row = page.getByTestId('history-item')
    await expect(row).toHaveCount(1)
    const thumbnails = row.getByRole('link', { name: /^Download image/ })
    await expect(thumbnails).toHaveCount(3)
    await expect(thumbnails.first()).toHaveAttribute('download', 'image.jpg')
    await row.getByRole('link', { name: /Run again/ }).click()
    await expect(page.getByRole('textbox', { name: 'Describe the image' })).toHaveValue(prompt)
    await expect(page.getByRole('radio', { name: 'Photo' })).toBeChecked()
  })
})
