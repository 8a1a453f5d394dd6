import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Opens a page of the catalogue and waits until the catalogue's code has arrived (it loads after
 * the hero, and on a busy machine that can take several seconds).
 */
export async function gotoCatalogue(page: Page, path = '/', { identity = true } = {}): Promise<void> {
  await page.goto(path)
  await waitForCatalogue(page, { identity })
}

/** The catalogue shown; by default also once the app knows who the visitor is (see waitForIdentity). */
export async function waitForCatalogue(page: Page, { identity = true } = {}): Promise<void> {
  await expect(page.getByRole('search', { name: 'Search the catalogue' })).toBeVisible({ timeout: 20_000 })
  if (identity) await waitForIdentity(page)
}

/**
 * Waits until the app knows who the visitor is (the header's placeholder gives way to Login or the
 * account controls). A server-rendered page shows its content before its scripts run: from here on
 * it has hydrated and the catalogue shows what it will show to this visitor.
 */
export async function waitForIdentity(page: Page): Promise<void> {
  await expect(page.getByRole('banner').locator('[class*="avatarPlaceholder"]')).toHaveCount(0, { timeout: 20_000 })
}

/**
 * Opens the home page the way a visitor arriving from another page does: the browser fetches the
 * catalogue itself (a first visit gets it inside the server-rendered page), so a test can answer for the API.
 */
export async function gotoCatalogueFromAnotherPage(page: Page): Promise<void> {
  await page.goto('/about')
  await waitForIdentity(page)
  await page.getByRole('banner').getByRole('link', { name: 'Promptly' }).click()
  await expect(page).toHaveURL('/')
  await waitForCatalogue(page)
}

/** The catalogue card of a tool (an article named after the tool). */
export function toolCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true })
}

export function bookmarkButton(scope: Page | Locator, toolName: string): Locator {
  return scope.getByRole('button', { name: `Bookmark ${toolName}`, exact: true })
}

/** A toast with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.mantine-Notification-root').filter({ hasText: text })
}

/** Presses a card's bookmark toggle and waits until the server has answered (the control is enabled again). */
export async function toggleBookmark(page: Page, toolName: string, expected: 'added' | 'removed'): Promise<void> {
  const button = bookmarkButton(toolCard(page, toolName), toolName)
  await button.click()
  await expect(button).toHaveAttribute('aria-pressed', expected === 'added' ? 'true' : 'false')
  await expect(button).not.toHaveAttribute('aria-disabled', 'true')
  await expect(toast(page, expected === 'added' ? 'Bookmark added!' : 'Bookmark removed!').first()).toBeVisible()
}

/** The catalogue's desktop tab row. */
export function categoryTabs(page: Page): Locator {
  return page.getByRole('tablist', { name: 'Tool categories' })
}

/** The home page's category strip. */
/** The home page's category strip: a named group of toggle buttons, not a navigation landmark. */
export function categoryStrip(page: Page): Locator {
  return page.getByRole('group', { name: 'Categories' })
}
