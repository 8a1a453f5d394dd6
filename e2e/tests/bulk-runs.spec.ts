import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'

import { parseCsv } from '@promptly/core/bulk/csv'

import { expectNoAccessibilityViolations } from '../support/accessibility.ts'
import { openSignedIn } from '../support/accounts.ts'
import { bakers, balance, progressBar, uploadAndMap, xBioCsv } from '../support/bulk-runs.ts'
import { generatorUrl, spendCredits, X_BIO } from '../support/generator.ts'

// A bulk run from the generator: a CSV uploaded, its columns mapped, the run watched to the end, the
// results downloaded, and the credits it used matched against the ledger's balance.

test('runs a text tool over 25 CSV rows, watches it finish, and downloads 25 results charged once each', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await openSignedIn(page, generatorUrl())
  const before = await balance(page)

  await uploadAndMap(page, bakers(25))
  const preview = page.getByTestId('bulk-preview')
  await expect(preview.getByRole('row')).toHaveCount(1 + 5)
  await expect(preview.getByText('Ready')).toHaveCount(5)
  await expect(page.getByTestId('bulk-cost')).toContainText('25 rows will run, 0 are invalid')
  await expect(page.getByTestId('bulk-cost')).toContainText(`Cost: 25 credits (25 rows × 1). Your balance: ${before}`)
  await expectNoAccessibilityViolations(page, 'a new bulk run, mapped and previewed')

  await page.getByRole('button', { name: 'Start the run' }).click()
  await expect(page).toHaveURL(/\/bulk\/[0-9a-f-]{36}$/)
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '100', { timeout: 90_000 })
  await expect(page.getByTestId('bulk-status')).toHaveText('Completed')
  await expect(page.getByTestId('bulk-done')).toHaveText('25')
  await expect(page.getByTestId('bulk-remaining')).toHaveText('0')
  const creditsUsed = Number(await page.getByTestId('bulk-credits-used').innerText())
  expect(creditsUsed).toBe(25)
  expect(before - (await balance(page))).toBe(creditsUsed)
  await expect(page.getByTestId('bulk-row').first()).toContainText('Done')
  await expectNoAccessibilityViolations(page, 'a completed bulk run')

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download CSV' }).click()
  const saved = await (await download).path()
  const results = parseCsv(await readFile(saved, 'utf8'), { maxRows: 100 })
  if (!results.ok) throw new Error(results.message)
  expect(results.rows).toHaveLength(25)
  expect(results.header).toEqual(expect.arrayContaining(['Person', 'What you post about', 'Tone']))

  // History lists the run once, not its 25 rows as entries of their own; "All bulk runs" leads to /bulk.
  await page.goto('/history')
  const run = page.getByRole('region', { name: 'Bulk runs' }).getByRole('listitem')
  await expect(run).toHaveCount(1)
  await expect(run).toContainText(X_BIO.name)
  await expect(run).toContainText('Completed')
  await expect(run).toContainText('Progress: 25 of 25')
  await expect(page.getByText(/Nothing here yet/)).toBeVisible()
  await expect(page.getByTestId('history-item')).toHaveCount(0)
  await expectNoAccessibilityViolations(page, 'history with a bulk run')
  await page.getByRole('link', { name: 'All bulk runs', exact: true }).click()
  await expect(page.getByTestId('bulk-job')).toHaveCount(1)
  await expect(page.getByTestId('bulk-job')).toContainText('Completed')
  await expectNoAccessibilityViolations(page, 'the list of bulk runs')
})

test('starts a run and cancels it with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000)
  await openSignedIn(page, generatorUrl())
  // Four credits: one round of the server's four workers, then the run waits (a full trial's worth of
  // rows would take a dozen seconds to say the same). Spent by a script behind the page's back: the
  // new run's cost line must read the balance afresh, not the one the generator page loaded.
  await spendCredits(page.request, (await balance(page)) - 4)
  const before = await balance(page)
  const rows = before + 10

  // More rows than credits: the run is not refused, it is said to wait for credits.
  await page.getByRole('link', { name: 'Run on many rows' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/bulk\?tool=/)
  const chooser = page.waitForEvent('filechooser')
  await page.getByLabel('CSV file').focus()
  await page.keyboard.press('Enter')
  await (await chooser).setFiles({ name: 'bios.csv', mimeType: 'text/csv', buffer: xBioCsv(bakers(rows)) })
  const who = page.getByRole('combobox', { name: 'Who you are' })
  await who.focus()
  await page.keyboard.press('ArrowDown') // from No column to the first column, Person
  await expect(who).toHaveValue('0')
  await expect(page.getByTestId('bulk-cost')).toContainText('10 credits short')
  const start = page.getByRole('button', { name: 'Start the run' })
  for (let presses = 0; presses < 10 && !(await start.evaluate((b) => b === document.activeElement)); presses++) {
    await page.keyboard.press('Tab')
  }
  await expect(start).toBeFocused()
  await page.keyboard.press('Enter')

  await expect(page.getByTestId('bulk-status')).toHaveText('Waiting for credits', { timeout: 90_000 })
  // Rows still running when the credits ran out settle after the status changes.
  await expect(page.getByTestId('bulk-done')).toHaveText(String(before), { timeout: 30_000 })
  expect(await balance(page)).toBe(0)
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', String(Math.floor((before / rows) * 100)))

  await page.getByRole('button', { name: 'Cancel the run' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Cancel this bulk run?' })
  // The safe choice has the focus: Enter alone would keep the run going.
  await expect(dialog.getByRole('button', { name: 'Keep running' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Cancel the run' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('bulk-status')).toHaveText('Cancelled')
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '100')
  await expect(page.getByRole('button', { name: 'Run again' })).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Pause' })).toBeDisabled()
})
