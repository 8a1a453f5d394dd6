import { expect, test } from '@playwright/test'
import { expectSignedIn, newAccount, signUp } from '../support/accounts.ts'
import { bookmarkButton, toast, toggleBookmark, waitForCatalogue } from '../support/catalogue.ts'

// Bookmarked oldest first; the profile lists the newest first.
const BOOKMARKED = [
  'AI Translator',
  'Cold Email Generator',
  'Tone Changer',
  'Product Description Generator', // 29 characters
  'SEO Meta Description Generator', // 30 characters
]

test('the profile shows the 4 newest bookmarks, long names cut at 28 characters, and removes one', async ({ page }) => {
  test.setTimeout(60_000)
  await signUp(page, newAccount(), '/')
  await expectSignedIn(page)
  await waitForCatalogue(page)
  for (const name of BOOKMARKED) await toggleBookmark(page, name, 'added')

  await page.goto('/profile')
  const section = page.getByRole('region', { name: 'Your Bookmarks' })
  const rows = section.getByRole('listitem')
  await expect(rows).toHaveCount(4)
  await expect(rows.nth(0)).toContainText('SEO Meta Description Generat...')
  await expect(rows.nth(1)).toContainText('Product Description Generato...')
  await expect(rows.nth(2)).toContainText('Tone Changer')
  await expect(rows.nth(3)).toContainText('Cold Email Generator')
  await expect(section.getByText('AI Translator')).toHaveCount(0)

  const generate = rows.nth(2).getByRole('link', { name: /^Generate/ })
  await expect(generate).toHaveAttribute('href', /^\/generate\?id=[0-9a-f-]{36}$/)
  await expect(generate).toHaveAttribute('target', '_blank')

  // Removing one drops it; the fifth bookmark moves up.
  await bookmarkButton(rows.nth(2), 'Tone Changer').click()
  await expect(toast(page, 'Bookmark removed!')).toBeVisible()
  await expect(section.getByText('Tone Changer')).toHaveCount(0)
  await expect(rows).toHaveCount(4)
  await expect(rows.nth(3)).toContainText('AI Translator')
  await page.reload()
  await expect(rows).toHaveCount(4)
  await expect(section.getByText('Tone Changer')).toHaveCount(0)

  // View All opens My Tools on the home page.
  await section.getByRole('link', { name: 'View All' }).click()
  await expect(page).toHaveURL(/\/\?mytools/)
  await expect(page.getByRole('tab', { name: 'My Tools' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId('tool-card')).toHaveCount(4)
})
