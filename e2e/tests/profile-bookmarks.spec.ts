import { expect, test, type Locator, type Page, type Request } from '@playwright/test'

import { openSignedIn } from '../support/accounts.ts'
import { bookmarkButton, toast, toggleBookmark, waitForCatalogue } from '../support/catalogue.ts'

// Bookmarked oldest first; the profile lists the newest first.
const BOOKMARKED = [
  'AI Translator',
  'Cold Email Generator',
  'Tone Changer',
  'Product Description Generator', // 29 characters
  'SEO Meta Description Generator', // 30 characters
]

/** A new account with `names` bookmarked (in that order), on its profile page. */
async function profileWithBookmarks(page: Page, names: string[]): Promise<{ section: Locator; rows: Locator }> {
  await openSignedIn(page, '/')
  await waitForCatalogue(page)
  for (const name of names) await toggleBookmark(page, name, 'added')
  await page.goto('/profile')
  const section = page.getByRole('region', { name: 'Your Bookmarks' })
  const rows = section.getByRole('listitem')
  await expect(rows).toHaveCount(Math.min(names.length, 4))
  return { section, rows }
}

/** How many calls of `procedure` one request carries: a tRPC batch names each call in its path. */
function procedureCalls(request: Request, procedure: string): number {
  const { pathname } = new URL(request.url())
  if (!pathname.startsWith('/trpc/')) return 0
  return decodeURIComponent(pathname.slice('/trpc/'.length))
    .split(',')
    .filter((name) => name === procedure).length
}

test('the profile shows the 4 newest bookmarks, long names cut at 28 characters, and removes one', async ({ page }) => {
  test.setTimeout(60_000)
  const { section, rows } = await profileWithBookmarks(page, BOOKMARKED)
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

test('a second click ~100 ms after the first, at the same place, removes nothing else', async ({ page }) => {
  test.setTimeout(60_000)
  // Newest first on the profile: Cold Email Generator, Tone Changer, AI Translator.
  const { section, rows } = await profileWithBookmarks(page, ['AI Translator', 'Tone Changer', 'Cold Email Generator'])
  const toggleCalls: string[] = []
  page.on('request', (request) => {
    for (let call = 0; call < procedureCalls(request, 'bookmarks.set'); call++) toggleCalls.push(request.url())
  })

  const box = (await bookmarkButton(rows.nth(0), 'Cold Email Generator').boundingBox())!
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.click(x, y)
  await page.waitForTimeout(100)
  await page.mouse.click(x, y)

  await expect(toast(page, 'Bookmark removed!')).toBeVisible()
  await expect(section.getByText('Cold Email Generator')).toHaveCount(0)
  await expect(rows).toHaveCount(2)
  await expect(bookmarkButton(rows.nth(0), 'Tone Changer')).toHaveAttribute('aria-pressed', 'true')
  expect(toggleCalls).toHaveLength(1)
  await page.reload()
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('Tone Changer')
  await expect(rows.nth(1)).toContainText('AI Translator')
})

test(
  'with the keyboard, removing a bookmark keeps focus in ' + 'the list: next toggle, previous one, then the heading',
  async ({ page }) => {
    test.setTimeout(60_000)
    // Newest first on the profile: Cold Email Generator, Tone Changer, AI Translator.
    const { section, rows } = await profileWithBookmarks(page, [
      'AI Translator',
      'Tone Changer',
      'Cold Email Generator',
    ])

    // From View All, Tab reaches the first row's Generate link, then its bookmark toggle.
    await section.getByRole('link', { name: 'View All' }).focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(bookmarkButton(section, 'Cold Email Generator')).toBeFocused()

    // Removing the first row: the row now in its place has focus on its toggle.
    await page.keyboard.press('Space')
    await expect(rows).toHaveCount(2)
    await expect(bookmarkButton(section, 'Tone Changer')).toBeFocused()
    // And Tab goes on from there (to the next row's Generate), not from the top of the page.
    await page.keyboard.press('Tab')
    await expect(rows.nth(1).getByRole('link', { name: /^Generate/ })).toBeFocused()

    // Removing the last row: the previous row's toggle.
    await page.keyboard.press('Tab')
    await expect(bookmarkButton(section, 'AI Translator')).toBeFocused()
    await page.keyboard.press('Space')
    await expect(rows).toHaveCount(1)
    await expect(bookmarkButton(section, 'Tone Changer')).toBeFocused()

    // Removing the only one: the list's heading.
    await page.keyboard.press('Space')
    await expect(section.getByText('You have not bookmarked any tools yet', { exact: false })).toBeVisible()
    await expect(section.getByRole('heading', { name: 'Your Bookmarks' })).toBeFocused()
  },
)

test('on a 390 px wide phone, bookmark names never run under the Generate button', async ({ page }) => {
  test.setTimeout(60_000)
  const { rows } = await profileWithBookmarks(page, BOOKMARKED)
  await page.setViewportSize({ width: 390, height: 844 })
  for (let index = 0; index < 4; index++) {
    const row = rows.nth(index)
    const generateLink = row.getByRole('link', { name: /^Generate/ })
    await expect(generateLink).toBeVisible()
    const generate = (await generateLink.boundingBox())!
    // The name as drawn: its text, cut where its box clips it (the full name for screen readers is hidden).
    const name = await row.getByTestId('bookmark-name').evaluate((element) => {
      const shown = element.querySelector('[aria-hidden="true"]') ?? element
      const range = document.createRange()
      range.selectNodeContents(shown)
      const text = range.getBoundingClientRect()
      const box = element.getBoundingClientRect()
      const clips = getComputedStyle(element).overflowX !== 'visible'
      const right = clips ? Math.min(text.right, box.right) : text.right
      return { x: box.x, y: box.y, width: right - box.x, height: box.height, boxRight: box.right }
    })
    const overlaps = (a: { x: number; y: number; width: number; height: number }) =>
      a.x < generate.x + generate.width &&
      generate.x < a.x + a.width &&
      a.y < generate.y + generate.height &&
      generate.y < a.y + a.height
    expect(overlaps(name), `row ${index}: the name's text overlaps Generate`).toBe(false)
    expect(overlaps({ ...name, width: name.boxRight - name.x }), `row ${index}: the name's box overlaps Generate`).toBe(
      false,
    )
    expect(name.width).toBeGreaterThan(120) // a readable part of the name, not a few letters
    // Nothing pushed out of the row either.
    const rowBox = (await row.boundingBox())!
    const toggle = (await row.getByRole('button', { name: /^Bookmark / }).boundingBox())!
    expect(toggle.x + toggle.width).toBeLessThanOrEqual(rowBox.x + rowBox.width)
  }
})
