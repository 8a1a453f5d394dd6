import { expect, test, type Page } from '@playwright/test'

import { CONSOLE_ADMIN_EMAILS } from '../playwright.config.ts'
import { expectAccessibleInBothSchemes, followSystemColorScheme } from '../support/accessibility.ts'
import {
  createVerifiedAccount,
  expectSignedIn,
  newAccount,
  openSignedIn,
  type TestAccount,
} from '../support/accounts.ts'
import { toast } from '../support/catalogue.ts'
import { generateXBio, generatorUrl, X_BIO } from '../support/generator.ts'

/** The tests that need an admin, each with five addresses of its own (one per repetition in a run). */
const ADMIN_SLOTS = ['grant', 'dashboard', 'accessibility'] as const

/**
 * Signs `page` in as a new, verified admin. An address signs up once per server, so each test and
 * repetition takes its own from CONSOLE_ADMIN_EMAILS.
 */
async function signInAsAdmin(page: Page, slot: (typeof ADMIN_SLOTS)[number]): Promise<TestAccount> {
  const index = ADMIN_SLOTS.indexOf(slot) * 5 + test.info().repeatEachIndex
  const email = CONSOLE_ADMIN_EMAILS[index]
  if (!email)
    throw new Error(`CONSOLE_ADMIN_EMAILS has no address for ${slot}, repetition ${test.info().repeatEachIndex}`)
  return createVerifiedAccount(page, newAccount({ name: `Admin ${slot}`, email }))
}

/** /admin with the given query, once its first tab has loaded. */
async function openConsole(page: Page, query = ''): Promise<void> {
  await page.goto(`/admin${query}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible()
  await expect(page.getByRole('status', { name: 'Loading the tab' })).toHaveCount(0)
}

/** The users table's row for `account` (the console searched for its address first). */
function userRow(page: Page, account: TestAccount) {
  return page.getByTestId('admin-user-row').filter({ hasText: account.email })
}

test('an admin adds credits to a user, who then has them for the days given', async ({ page, browser }) => {
  // The user, signed in in a browser of their own.
  const userContext = await browser.newContext()
  const userPage = await userContext.newPage()
  const user = await createVerifiedAccount(userPage)

  await signInAsAdmin(page, 'grant')
  await openConsole(page, `?q=${encodeURIComponent(user.email)}`)
  const row = userRow(page, user)
  await expect(row.getByTestId('user-credits')).toHaveText('30 of 30')

  await row.getByRole('button', { name: `Add credits to ${user.name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Credits' })
  await expect(dialog.getByRole('textbox', { name: 'Credits' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Add credits' }).click()
  await expect(dialog.getByText('Enter how many credits to add')).toBeVisible()

  await dialog.getByRole('textbox', { name: 'Credits' }).fill('50')
  await dialog.getByRole('textbox', { name: 'Valid for (days)' }).fill('7')
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Browser test')
  await dialog.getByRole('button', { name: 'Add credits' }).click()
  await expect(toast(page, 'Added Credits')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(row.getByTestId('user-credits')).toHaveText('80 of 80')

  // The account's detail: the grant in the ledger, and the audit trail with the days that were sent.
  await row.getByRole('button', { name: user.name, exact: true }).click()
  const drawer = page.getByRole('dialog', { name: 'Account details' })
  await expect(drawer.getByRole('table', { name: 'Credit ledger' })).toContainText('+50Added by an admin')
  await expect(drawer.getByRole('table', { name: 'Audit trail' })).toContainText(
    '50 credits, valid 7 days: “Browser test”',
  )

  // The user sees the credits on their profile.
  await userPage.goto('/profile')
  await expect(userPage.getByTestId('credits')).toHaveText('80 of 80 left')
  await userContext.close()
})

test('the dashboard charts a generation made just before', async ({ page }) => {
  await signInAsAdmin(page, 'dashboard')
  await page.goto(generatorUrl())
  await expectSignedIn(page)
  await generateXBio(page)

  await openConsole(page, '?tab=dashboard&range=7d')
  const generations = page.getByRole('figure', { name: 'Generations per day' })
  // Other tests generate on the same server at the same time: at least this one is counted.
  const summary = generations.getByTestId('chart-summary')
  await expect(summary).toHaveText(/^[1-9][\d,]* generations? over 7 days; the busiest day was/)
  await expect(generations).toHaveAccessibleDescription(await summary.innerText())
  // The drawing: a line with a point off the floor, hidden from screen readers, whose table has the numbers.
  await expect(generations.locator('svg .recharts-line-curve').first()).toHaveAttribute('d', /\d/)
  await expect(generations.locator('[aria-hidden="true"] svg.recharts-surface')).toHaveCount(1)
  await expect(generations.getByRole('table', { name: 'Generations per day', includeHidden: true })).toBeAttached()

  const credits = page.getByRole('figure', { name: 'Credits spent per tool' })
  await expect(credits.getByTestId('chart-summary')).toHaveText(/^[1-9][\d,]* credits? spent on /)
  await expect(credits.locator('svg .recharts-bar-rectangle').first()).toBeAttached()
  await expect(credits.getByRole('rowheader', { name: X_BIO.name, includeHidden: true })).toBeAttached()
  await expect(page.getByTestId('stats-totals')).toContainText('Failure rate')

  // Another range asks the server again and says which days it covers.
  // The radio itself is visually hidden behind its label, which is what a person clicks.
  await page
    .locator('label')
    .filter({ hasText: /^90 days$/ })
    .click()
  await expect(page.getByRole('radio', { name: '90 days' })).toBeChecked()
  await expect(summary).toHaveText(/^[1-9][\d,]* generations? over 90 days/)
  await expect(page).toHaveURL(/range=90d/)
})

test("a signed-in user who is not an admin is sent home with 'Cannot access '", async ({ page }) => {
  await openSignedIn(page, '/')
  await page.goto('/admin')
  await expect(toast(page, 'Cannot access')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toHaveCount(0)
})

test.describe('accessibility', () => {
  // Each axe run over a full page takes seconds on a loaded two-core machine.
  test.describe.configure({ timeout: 180_000 })

  test('the console, its dialogs and its charts pass axe in both schemes', async ({ page }) => {
    await followSystemColorScheme(page)
    await signInAsAdmin(page, 'accessibility')
    await openConsole(page)
    await expect(page.getByTestId('admin-user-row').first()).toBeVisible()
    await expectAccessibleInBothSchemes(page, '/admin users')

    await page
      .getByTestId('admin-user-row')
      .first()
      .getByRole('button', { name: /^Add credits to / })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Add Credits' })
    await dialog.getByRole('button', { name: 'Add credits' }).click()
    await expect(dialog.getByText('Enter how many credits to add')).toBeVisible()
    await expectAccessibleInBothSchemes(page, 'the Add Credits dialog with its messages')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    await page.getByRole('tab', { name: 'Plans' }).click()
    await expect(page.getByRole('article', { name: 'Monthly' })).toBeVisible()
    await expectAccessibleInBothSchemes(page, '/admin plans')

    await page.getByRole('tab', { name: 'Dashboard' }).click()
    await expect(page.getByRole('figure', { name: 'Revenue per day' }).getByTestId('chart-summary')).toBeVisible()
    await expect(page.locator('svg.recharts-surface').first()).toBeVisible()
    await expectAccessibleInBothSchemes(page, '/admin dashboard')
  })
})
