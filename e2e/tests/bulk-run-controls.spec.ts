import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'

import { csvText } from '@promptly/core/bulk/csv'

import { SECOND_SERVER_ORIGIN } from '../playwright.config.ts'
import { openSignedIn } from '../support/accounts.ts'
import {
  bakers,
  balance,
  JOB_URL,
  jobIdOf,
  jobStatus,
  progressBar,
  resultsTable,
  rowsWithStatus,
  uploadAndMap,
} from '../support/bulk-runs.ts'
import { generatorUrl, spendCredits, X_BIO } from '../support/generator.ts'
import { changeCaptionPlatforms, createCaptionTool } from '../support/personal-tools.ts'

// A bulk run's controls on its page: pause and resume, retry failed rows, run again. Each test reads
// the job's state (its status, counts, rows and the controls offered) and the ledger's balance.

/** The controls offered for the job as it stands: which of them are enabled. */
async function expectControls(page: Page, enabled: Record<string, boolean>): Promise<void> {
  for (const [name, on] of Object.entries(enabled)) {
    const button = page.getByRole('button', { name, exact: true })
    if (on) await expect(button).toBeEnabled()
    else await expect(button).toBeDisabled()
  }
}

/** The inputs of a job's rows, in order, from the results as its page's "Download JSONL" saves them. */
async function downloadedRows(page: Page): Promise<{ status: string; input: unknown }[]> {
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download JSONL' }).click()
  const text = await readFile(await (await download).path(), 'utf8')
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { status: string; input: unknown })
}

/** How many of the job's rows have `status` (queued: held by a worker or waiting for one), from bulk.rows. */
async function rowsOfStatus(page: Page, jobId: string, status: 'queued' | 'done'): Promise<number> {
  const input = encodeURIComponent(JSON.stringify({ json: { jobId, status, limit: 100 } }))
  const response = await page.request.get(`/trpc/bulk.rows?input=${input}`)
  expect(response.ok(), await response.text()).toBe(true)
  return ((await response.json()) as { result: { data: { json: { rows: unknown[] } } } }).result.data.json.rows.length
}
const queuedRows = (page: Page, jobId: string) => rowsOfStatus(page, jobId, 'queued')
const doneRows = (page: Page, jobId: string) => rowsOfStatus(page, jobId, 'done')

test.describe('on the server with a slow model', () => {
  // There a row's answer streams for about ten seconds: Pause lands while the first rows still run
  // and the last waits its turn, however busy the machine is.
  test.use({ baseURL: SECOND_SERVER_ORIGIN })

  test('pauses a run mid-way, holds it still, resumes it and sees it finish charged once a row', async ({ page }) => {
    test.setTimeout(240_000)
    await openSignedIn(page, generatorUrl())
    const before = await balance(page)
    // One row more than the server runs at once (BULK_CONCURRENCY, 4 by default): one must wait.
    const rows = 5
    await uploadAndMap(page, bakers(rows))
    await page.getByRole('button', { name: 'Start the run' }).click()
    await expect(page).toHaveURL(JOB_URL)
    await expect(jobStatus(page)).toHaveText('Running')

    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    await expect(jobStatus(page)).toHaveText('Paused')
    const paused = {
      Pause: false,
      Resume: true,
      'Cancel the run': true,
      'Retry failed rows': false,
      'Run again': false,
    }
    await expectControls(page, paused)

    // The rows running when it was paused finish; the rest go back to wait. Once no row is queued,
    // nothing of a paused job can move, and the page (which reads a paused job now and then) shows
    // what the server holds, without being reloaded.
    const jobId = jobIdOf(page)
    await expect
      .poll(() => queuedRows(page, jobId), { timeout: 120_000, message: 'rows still running after the pause' })
      .toBe(0)
    const done = await doneRows(page, jobId)
    await expect(page.getByTestId('bulk-done')).toHaveText(String(done), { timeout: 15_000 })
    await expect(jobStatus(page)).toHaveText('Paused')
    await expect(resultsTable(page).getByRole('row')).toHaveCount(1 + rows)
    expect(rows - done, 'rows left to run once paused').toBeGreaterThanOrEqual(1)
    await expect(rowsWithStatus(page, 'Done')).toHaveCount(done)
    await expect(rowsWithStatus(page, 'Pending')).toHaveCount(rows - done)
    await expect(page.getByTestId('bulk-remaining')).toHaveText(String(rows - done))
    await expect(page.getByTestId('bulk-credits-used')).toHaveText(String(done))
    expect(before - (await balance(page))).toBe(done)
    await expectControls(page, paused)

    await page.getByRole('button', { name: 'Resume', exact: true }).click()
    await expect(jobStatus(page)).toHaveText('Running')
    await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '100', { timeout: 150_000 })
    await expect(jobStatus(page)).toHaveText('Completed')
    await expect(page.getByTestId('bulk-done')).toHaveText(String(rows))
    await expect(page.getByTestId('bulk-remaining')).toHaveText('0')
    await expect(page.getByTestId('bulk-credits-used')).toHaveText(String(rows))
    await expect(rowsWithStatus(page, 'Done')).toHaveCount(rows)
    expect(before - (await balance(page))).toBe(rows)
    await expectControls(page, { Pause: false, Resume: false, 'Cancel the run': false, 'Run again': true })
  })
})

test('retries the rows that failed at run time and charges only the rows delivered', async ({ page }) => {
  test.setTimeout(120_000)
  await openSignedIn(page, '/')
  const tool = await createCaptionTool(page, ['Instagram', 'Threads'])
  // Two credits for four rows: the run delivers two, then waits for credits with two rows to go.
  await spendCredits(page.request, (await balance(page)) - 2)
  await page.goto(`/bulk?tool=${tool.id}`)
  await expect(page.getByText(`Tool: ${tool.name}`)).toBeVisible()
  const posts = ['bread', 'tests', 'ovens', 'flour'].map((topic) => [`A post about ${topic}`, 'Threads'])
  const csv = Buffer.from(csvText([['Topic', 'Platform'], ...posts]))
  await page.getByLabel('CSV file').setInputFiles({ name: 'posts.csv', mimeType: 'text/csv', buffer: csv })
  await expect(page.getByTestId('bulk-cost')).toContainText('4 rows will run, 0 are invalid')
  await expect(page.getByTestId('bulk-cost')).toContainText('2 credits short')
  await page.getByRole('button', { name: 'Start the run' }).click()
  await expect(page).toHaveURL(JOB_URL)
  await expect(jobStatus(page)).toHaveText('Waiting for credits', { timeout: 60_000 })
  await expect(page.getByTestId('bulk-done')).toHaveText('2', { timeout: 30_000 })

  // While the run waits, its owner drops Threads from the tool: the rows still to run no longer fit
  // its form, and fail when they run (before any credit is held, so with none left they still run).
  await changeCaptionPlatforms(page, tool, ['Instagram'])
  await page.getByRole('button', { name: 'Resume', exact: true }).click()
  await expect(jobStatus(page)).toHaveText('Completed', { timeout: 30_000 })
  await expect(page.getByTestId('bulk-failed')).toHaveText('2')
  await expect(page.getByTestId('bulk-done')).toHaveText('2')
  await expect(page.getByTestId('bulk-credits-used')).toHaveText('2')
  await expect(rowsWithStatus(page, 'Failed')).toHaveCount(2)
  await expect(resultsTable(page).getByText('Choose one of the listed options for Platform')).toHaveCount(2)
  await expectControls(page, { 'Retry failed rows': true, Resume: false, Pause: false })
  expect(await balance(page)).toBe(0)

  // Threads back in the form, and credits bought, the failed rows run again and are delivered.
  await changeCaptionPlatforms(page, tool, ['Instagram', 'Threads'])
  const jobPage = page.url()
  await page.goto('/plan')
  await page
    .getByTestId('plan-card-MONTHLY')
    .getByRole('button', { name: /^Buy Monthly/ })
    .click()
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page.getByTestId('payment-paid')).toContainText('1,000 credits added')
  const topped = await balance(page)
  await page.goto(jobPage)
  await page.getByRole('button', { name: 'Retry failed rows', exact: true }).click()
  await expect(page.getByTestId('bulk-done')).toHaveText('4', { timeout: 30_000 })
  await expect(jobStatus(page)).toHaveText('Completed')
  await expect(page.getByTestId('bulk-failed')).toHaveText('0')
  await expect(page.getByTestId('bulk-credits-used')).toHaveText('4')
  await expect(rowsWithStatus(page, 'Done')).toHaveCount(4)
  await expect(resultsTable(page).getByText('Choose one of the listed options for Platform')).toHaveCount(0)
  await expectControls(page, { 'Retry failed rows': false })
  // Two rows delivered by the retry, two credits: the failed runs cost nothing.
  expect(topped - (await balance(page))).toBe(2)
})

test('"Run again" on a finished run starts a new run of the same rows, the invalid one left out', async ({ page }) => {
  test.setTimeout(120_000)
  await openSignedIn(page, generatorUrl())
  const before = await balance(page)
  // The third person is blank: that row is invalid, never runs, and is not run again.
  await uploadAndMap(page, ['Baker who writes code', 'Chef who tests recipes', '', 'Potter who blogs'])
  await expect(page.getByTestId('bulk-cost')).toContainText('3 rows will run, 1 are invalid')
  await page.getByRole('button', { name: 'Start the run' }).click()
  await expect(page).toHaveURL(JOB_URL)
  await expect(jobStatus(page)).toHaveText('Completed', { timeout: 60_000 })
  const firstId = jobIdOf(page)
  const first = await downloadedRows(page)
  expect(first.map((row) => row.status)).toEqual(['done', 'done', 'invalid', 'done'])

  await page.getByRole('button', { name: 'Run again', exact: true }).click()
  // The new run's page, not the first's.
  await expect(page).toHaveURL((url) => JOB_URL.test(url.href) && !url.pathname.endsWith(firstId))
  await expect(page.getByRole('heading', { level: 1, name: `${X_BIO.name}: bulk run` })).toBeVisible()
  await expect(jobStatus(page)).toHaveText('Completed', { timeout: 60_000 })
  await expect(page.getByTestId('bulk-done')).toHaveText('3')
  await expect(page.getByTestId('bulk-invalid')).toHaveText('0')
  await expect(page.getByTestId('bulk-credits-used')).toHaveText('3')
  await expect(rowsWithStatus(page, 'Done')).toHaveCount(3)
  const again = await downloadedRows(page)
  expect(again.map((row) => row.input)).toEqual(first.filter((row) => row.status !== 'invalid').map((row) => row.input))
  expect(again.map((row) => row.status)).toEqual(['done', 'done', 'done'])
  expect(before - (await balance(page))).toBe(6)

  await page.getByRole('link', { name: 'All bulk runs', exact: true }).click()
  await expect(page.getByTestId('bulk-job')).toHaveCount(2)
})
