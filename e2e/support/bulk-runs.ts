import { expect, type Locator, type Page } from '@playwright/test'

import { csvText } from '@promptly/core/bulk/csv'

import { X_BIO } from './generator.ts'

/** `count` people for the X bio form, each a row of its own. */
export function bakers(count: number): string[] {
  return Array.from({ length: count }, (_, n) => `Baker number ${n + 1} who writes code`)
}

/**
 * A CSV for the X bio form, a row per person (an empty one makes an invalid row), whose person column
 * is not named like the field, so it must be mapped.
 */
export function xBioCsv(people: readonly string[]): Buffer {
  const data = people.map((person) => [person, 'bread, tests', 'Witty'])
  return Buffer.from(csvText([['Person', 'What you post about', 'Tone'], ...data]))
}

/** The balance the ledger holds for the signed-in user, through the legacy limits endpoint. */
export async function balance(page: Page): Promise<number> {
  const response = await page.request.get('/api/v1/limits')
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { data: { current_limit: number } }).data.current_limit
}

export function progressBar(page: Page): Locator {
  return page.getByRole('progressbar', { name: 'Progress' })
}

/** The job page's status line (Running, Paused, Completed...). */
export function jobStatus(page: Page): Locator {
  return page.getByTestId('bulk-status')
}

/** The job page's results table. */
export function resultsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Results' })
}

/** The results table's status cells that read `status` (Done, Failed, Pending...), one per such row. */
export function rowsWithStatus(page: Page, status: string): Locator {
  return resultsTable(page).getByRole('cell', { name: status, exact: true })
}

/** The job page's address, /bulk/<job id>. */
export const JOB_URL = /\/bulk\/[0-9a-f-]{36}$/

/** The job's id, from the job page's address. */
export function jobIdOf(page: Page): string {
  const id = new URL(page.url()).pathname.split('/').pop()
  if (!id) throw new Error(`Not a job page: ${page.url()}`)
  return id
}

/**
 * From the X bio generator's "Run on many rows" to the new run's form, with a CSV of `people`
 * chosen and its person column mapped.
 */
export async function uploadAndMap(page: Page, people: readonly string[]): Promise<void> {
  await page.getByRole('link', { name: 'Run on many rows' }).click()
  await expect(page).toHaveURL(new RegExp(`/bulk\\?tool=${X_BIO.id}$`))
  await expect(page.getByText(`Tool: ${X_BIO.name}`)).toBeVisible()
  await page.getByLabel('CSV file').setInputFiles({ name: 'bios.csv', mimeType: 'text/csv', buffer: xBioCsv(people) })
  await expect(page.getByTestId('bulk-file')).toHaveText(`bios.csv: ${people.length} rows, 3 columns`)
  // "Who you are" has no column of its name: the run cannot start until it is mapped.
  await expect(page.getByRole('alert').filter({ hasText: 'Who you are' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start the run' })).toBeDisabled()
  await page.getByRole('combobox', { name: 'Who you are' }).selectOption({ label: 'Person' })
  await expect(page.getByRole('combobox', { name: 'What you post about' })).toHaveValue('1')
  await expect(page.getByRole('combobox', { name: 'Tone' })).toHaveValue('2')
}
