import { expect, test, type Request } from '@playwright/test'

import { newAccount, openSignedIn } from '../support/accounts.ts'
import {
  bookmarkButton,
  categoryTabs,
  gotoCatalogue,
  toast,
  toggleBookmark,
  toolCard,
  waitForCatalogue,
} from '../support/catalogue.ts'

/** The inputs of the calls of `procedure` one request carries: a tRPC batch names each call in its path, in order. */
function procedureInputs(request: Request, procedure: string): unknown[] {
  const { pathname } = new URL(request.url())
  if (!pathname.startsWith('/trpc/')) return []
  const names = decodeURIComponent(pathname.slice('/trpc/'.length)).split(',')
  const body = (request.postDataJSON() ?? {}) as Record<string, { json?: unknown } | undefined>
  return names.flatMap((name, index) => (name === procedure ? [body[String(index)]?.json] : []))
}

const isToggleRequest = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('bookmarks.set')

test('a signed-out visitor who bookmarks is told to sign in and sent to /login, then back', async ({ page }) => {
  await gotoCatalogue(page)
  await bookmarkButton(page, 'Cold Email Generator').click()
  await expect(toast(page, 'Please sign in to bookmark this template')).toBeVisible()
  await expect(page).toHaveURL(/\/login\?redirect=%2F$/)

  const account = newAccount()
  await page.getByRole('tab', { name: /sign up|create account/i }).click()
  await page.getByLabel('Name').fill(account.name)
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: /create account|sign up/i }).click()
  await page.getByRole('button', { name: 'Continue to Promptly' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(bookmarkButton(page, 'Cold Email Generator')).toHaveAttribute('aria-pressed', 'false')
})

test('bookmark and unbookmark a tool, with toasts, kept by the server', async ({ page }) => {
  test.slow() // an account, two toggles and two reloads
  await openSignedIn(page, '/')
  await waitForCatalogue(page)
  const button = bookmarkButton(page, 'Cold Email Generator')
  await expect(button).toHaveAttribute('aria-pressed', 'false')

  await toggleBookmark(page, 'Cold Email Generator', 'added')
  await page.reload()
  await expect(button).toHaveAttribute('aria-pressed', 'true')

  // The same tool in another (not yet visited) category shows it too.
  await categoryTabs(page).getByRole('tab', { name: 'Email Tools' }).click()
  await expect(bookmarkButton(toolCard(page, 'Cold Email Generator'), 'Cold Email Generator')).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  await toggleBookmark(page, 'Cold Email Generator', 'removed')
  await page.reload()
  await expect(button).toHaveAttribute('aria-pressed', 'false')
})

test('a double click sends one toggle and the card ends as the server says', async ({ page }) => {
  await openSignedIn(page, '/')
  await waitForCatalogue(page)
  // Counted per procedure call, not per HTTP request: the client may batch two calls into one.
  const toggles: unknown[] = []
  page.on('request', (request) => toggles.push(...procedureInputs(request, 'bookmarks.set')))
  const button = bookmarkButton(page, 'Tone Changer')
  await button.dblclick()
  await expect(toast(page, 'Bookmark added!')).toBeVisible()
  await expect(button).not.toHaveAttribute('aria-disabled', 'true')
  expect(toggles).toEqual([expect.objectContaining({ bookmarked: true })])
  await expect(button).toHaveAttribute('aria-pressed', 'true')
  await page.reload()
  await expect(button).toHaveAttribute('aria-pressed', 'true')
})

test('a card out of date does what was pressed: Bookmark keeps a tool bookmarked in another tab', async ({
  page,
  context,
}) => {
  test.slow() // an account and two tabs
  await openSignedIn(page, '/')
  await waitForCatalogue(page)
  const stale = bookmarkButton(page, 'Listicle Generator')
  await expect(stale).toHaveAttribute('aria-pressed', 'false')

  const other = await context.newPage()
  await other.goto('/')
  await waitForCatalogue(other)
  await toggleBookmark(other, 'Listicle Generator', 'added')

  // This tab still shows it unbookmarked; pressing Bookmark must not remove it.
  await stale.click()
  await expect(toast(page, 'Bookmark added!')).toBeVisible()
  await expect(stale).toHaveAttribute('aria-pressed', 'true')
  await other.reload()
  await expect(bookmarkButton(other, 'Listicle Generator')).toHaveAttribute('aria-pressed', 'true')
})

test('a failed toggle flips the card at once, then puts it back', async ({ page }) => {
  await openSignedIn(page, '/')
  await waitForCatalogue(page)
  // The answer is held until the card has been seen flipped, then it fails.
  let fail!: () => void
  const failing = new Promise<void>((resolve) => (fail = resolve))
  await page.route(isToggleRequest, async (route) => {
    await failing
    await route.fulfill({ status: 503, body: 'unavailable' })
  })
  const button = bookmarkButton(page, 'Blog Title Generator')
  await expect(button).toHaveAttribute('aria-pressed', 'false')
  await button.click()
  await expect(button).toHaveAttribute('aria-pressed', 'true')
  await expect(button).toHaveAttribute('aria-disabled', 'true')
  fail()
  await expect(toast(page, 'Could not update your bookmark. Please try again.')).toBeVisible()
  await expect(button).toHaveAttribute('aria-pressed', 'false')
  await expect(toast(page, 'Bookmark added!')).toHaveCount(0)
})

test.describe('My Tools', () => {
  test('?mytools opens My Tools (second) at load, and leaves the address after 5 s', async ({ page }) => {
    test.slow()
    await openSignedIn(page, '/')
    await waitForCatalogue(page)
    await toggleBookmark(page, 'Listicle Generator', 'added')

    // Notes (page time) when the address loses `mytools`; the router changes it through the History API.
    await page.addInitScript(() => {
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history)
        history[method] = (...args: Parameters<History['pushState']>) => {
          original(...args)
          const record = window as unknown as { mytoolsRemovedAt?: number }
          if (!new URL(location.href).searchParams.has('mytools')) record.mytoolsRemovedAt ??= performance.now()
        }
      }
    })
    await page.goto('/?mytools&ref=mail')
    expect(new URL(page.url()).searchParams.has('mytools')).toBe(true)
    await waitForCatalogue(page)
    const tabs = categoryTabs(page)
    await expect(tabs.getByRole('tab').nth(1)).toHaveText('My Tools')
    await expect(tabs.getByRole('tab', { name: 'My Tools' })).toHaveAttribute('aria-selected', 'true')
    await expect(toolCard(page, 'Listicle Generator')).toBeVisible()
    await expect(page.getByTestId('tool-card')).toHaveCount(1)

    await expect.poll(() => new URL(page.url()).searchParams.has('mytools'), { timeout: 10_000 }).toBe(false)
    // 5 s after the page loaded, never sooner: measured in the page, from when its document was
    // parsed (before any of the app's code runs), not from when the test asked for it.
    const sinceLoaded = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
      const removedAt = (window as unknown as { mytoolsRemovedAt?: number }).mytoolsRemovedAt
      return removedAt === undefined || !navigation ? null : removedAt - navigation.domInteractive
    })
    expect(sinceLoaded).not.toBeNull()
    expect(sinceLoaded!).toBeGreaterThanOrEqual(5000)
    expect(new URL(page.url()).searchParams.get('ref')).toBe('mail')
    // Still on My Tools: only the address changed.
    await expect(tabs.getByRole('tab', { name: 'My Tools' })).toHaveAttribute('aria-selected', 'true')

    // Unbookmarking in My Tools takes the card away.
    await bookmarkButton(page, 'Listicle Generator').click()
    await expect(toast(page, 'Bookmark removed!')).toBeVisible()
    await expect(page.getByText('No bookmarks yet')).toBeVisible()
  })

  test('?mytools while signed out asks to sign in and shows All Tools', async ({ page }) => {
    await gotoCatalogue(page, '/?mytools')
    await expect(toast(page, 'Please sign in to view your bookmarks')).toBeVisible()
    await expect(categoryTabs(page).getByRole('tab', { name: 'My Tools' })).toHaveCount(0)
    await expect(categoryTabs(page).getByRole('tab', { name: 'All Tools' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByTestId('tool-card')).toHaveCount(49)
  })
})
