import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Opens a page of the catalogue and waits until the catalogue's code has arrived (it loads after
 * the hero, and on a busy machine that can take several seconds).
 */
export async function gotoCatalogue(page: Page, path = '/'): Promise<void> {
  await page.goto(path)
  await waitForCatalogue(page)
}

export async function waitForCatalogue(page: Page): Promise<void> {
  await expect(page.getByRole('search', { name: 'Search the catalogue' })).toBeVisible({ timeout: 20_000 })
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
