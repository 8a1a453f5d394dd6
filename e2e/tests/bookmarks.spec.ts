import { expect, test } from '@playwright/test'
import { expectSignedIn, newAccount, signUp } from '../support/accounts.ts'
import {
  bookmarkButton,
  categoryTabs,
  gotoCatalogue,
  toast,
  toggleBookmark,
  toolCard,
  waitForCatalogue,
} from '../support/catalogue.ts'

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
  await expect(page).toHaveURL(/\/$/)
  await expect(bookmarkButton(page, 'Cold Email Generator')).toHaveAttribute('aria-pressed', 'false')
})

test('bookmark and unbookmark a tool, with toasts, kept by the server', async ({ page }) => {
  test.slow() // an account, two toggles and two reloads
  await signUp(page, newAccount(), '/')
  await expectSignedIn(page)
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
  await signUp(page, newAccount(), '/')
  await expectSignedIn(page)
  await waitForCatalogue(page)
  const toggles: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('bookmarks.toggle')) toggles.push(request.url())
  })
  const button = bookmarkButton(page, 'Tone Changer')
  await button.dblclick()
  await expect(toast(page, 'Bookmark added!')).toBeVisible()
  await expect(button).not.toHaveAttribute('aria-disabled', 'true')
  expect(toggles).toHaveLength(1)
  await expect(button).toHaveAttribute('aria-pressed', 'true')
  await page.reload()
  await expect(button).toHaveAttribute('aria-pressed', 'true')
})

test('a failed toggle puts the card back', async ({ page }) => {
  await signUp(page, newAccount(), '/')
  await expectSignedIn(page)
  await waitForCatalogue(page)
  await page.route('**/trpc/bookmarks.toggle*', (route) => route.fulfill({ status: 503, body: 'unavailable' }))
  const button = bookmarkButton(page, 'Blog Title Generator')
  await button.click()
  await expect(toast(page, 'Could not update your bookmark. Please try again.')).toBeVisible()
  await expect(button).toHaveAttribute('aria-pressed', 'false')
  await expect(toast(page, 'Bookmark added!')).toHaveCount(0)
})

test.describe('My Tools', () => {
  test('?mytools opens My Tools (second) at load, and leaves the address after 5 s', async ({ page }) => {
    test.slow()
    await signUp(page, newAccount(), '/')
    await expectSignedIn(page)
    await waitForCatalogue(page)
    await toggleBookmark(page, 'Listicle Generator', 'added')

    const requestedAt = Date.now()
    await page.goto('/?mytools&ref=mail')
    expect(new URL(page.url()).searchParams.has('mytools')).toBe(true)
    await waitForCatalogue(page)
    const tabs = categoryTabs(page)
    await expect(tabs.getByRole('tab').nth(1)).toHaveText('My Tools')
    await expect(tabs.getByRole('tab', { name: 'My Tools' })).toHaveAttribute('aria-selected', 'true')
    await expect(toolCard(page, 'Listicle Generator')).toBeVisible()
    await expect(page.getByTestId('tool-card')).toHaveCount(1)

    await expect.poll(() => new URL(page.url()).searchParams.has('mytools'), { timeout: 10_000 }).toBe(false)
    expect(Date.now() - requestedAt).toBeGreaterThanOrEqual(5000) // 5 s after the page loaded, never sooner
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
