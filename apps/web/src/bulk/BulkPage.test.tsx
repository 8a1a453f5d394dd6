import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { BulkJobViewOutput } from '@promptly/api/bulk/get.schema'
import type { ListBulkJobsOutput } from '@promptly/api/bulk/list.schema'
import type { BulkRowsOutput } from '@promptly/api/bulk/rows.schema'

import { TOOL_ID, toolDetail } from '../generator/testing/tool-fixtures.ts'
import { LOCAL_CONFIG } from '../test/catalogue-fixtures.ts'
import { fakeApi, FakeTrpcError } from '../test/fake-api.ts'
import { renderApp } from '../test/render-app.tsx'
import { ADA } from '../test/render.tsx'

const JOB_ID = '3f1c0a4e-0000-4000-8000-000000000001'

afterEach(() => vi.unstubAllGlobals())

function job(overrides: Partial<BulkJobViewOutput> = {}): BulkJobViewOutput {
  return {
    id: JOB_ID,
    toolId: TOOL_ID,
    toolName: 'X (Twitter) Bio Generator',
    status: 'running',
    total: 4,
    done: 1,
    failed: 0,
    invalid: 0,
    cancelled: 0,
    remaining: 3,
    creditsUsed: 1,
    costPerRow: 1,
    columns: ['Who you are'],
    createdAt: new Date(Date.UTC(2026, 11, 6, 12)),
    finishedAt: null,
    etaSeconds: 90,
    ...overrides,
  }
}

const NO_ROWS: BulkRowsOutput = { rows: [], nextAfter: null }
const MEDIA_ID = '7d3c2b1a-0f9e-4d8c-9b7a-6e5f4d3c2b1a'

function csvFile(text: string): File {
  return new File([text], 'bios.csv', { type: 'text/csv' })
}

/** The user's bulk runs, none yet, under the server's row limit (BULK_MAX_ROWS, 10,000 unless set). */
function noJobs(maxRows = 10_000): ListBulkJobsOutput {
  return { jobs: [], maxRows }
}

describe('a new bulk run', () => {
  function newRunApi({ maxRows, list }: { maxRows?: number; list?: () => ListBulkJobsOutput } = {}) {
    const created: unknown[] = []
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'tools.get': { tool: toolDetail(), similar: [] },
      'credits.limits': { plan: 'free', current_limit: 2, max_limit: 30 },
      'bulk.list': list ?? noJobs(maxRows),
      'bulk.create': (input: unknown) => {
        created.push(input)
        return { jobId: JOB_ID, total: 3, invalid: 1, costPerRow: 1, cost: 2 }
      },
      'bulk.get': job(),
      'bulk.rows': NO_ROWS,
    })
    return created
  }

  it('reads the file, maps its columns, marks invalid rows, shows the cost and starts the mapped run', async () => {
    const user = userEvent.setup()
    const created = newRunApi()
    const router = renderApp(`/bulk?tool=${TOOL_ID}`)
    const text = 'Person,What you post about\nAda,maths\n,poems\nGrace,ships\n'
    await user.upload(await screen.findByLabelText('CSV file'), csvFile(text))

    expect(await screen.findByText('bios.csv: 3 rows, 2 columns')).toBeVisible()
    // "Who you are" is named by no column: the run is blocked until the user picks one.
    expect(screen.getByRole('alert')).toHaveTextContent('Who you are')
    expect(screen.getByRole('button', { name: 'Start the run' })).toBeDisabled()
    expect(screen.getByRole('combobox', { name: /What you post about/ })).toHaveValue('1')
    await user.selectOptions(screen.getByRole('combobox', { name: /Who you are/ }), 'Person')

    const preview = await screen.findByRole('table', { name: 'The first rows' })
    const rows = within(preview).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual([
      'Ready',
      expect.stringMatching(/^Invalid: .+/),
      'Ready',
    ])
    expect(screen.getByText('2 rows will run, 1 are invalid and will be skipped.')).toBeVisible()
    expect(screen.getByText('Cost: 2 credits (2 rows × 1). Your balance: 2 credits.')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Start the run' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bulk/${JOB_ID}`))
    expect(created).toEqual([
      {
        toolId: TOOL_ID,
        source: { kind: 'csv', csv: text, mapping: { '0.0': 0, '0.1': 1, '1.0': null, '1.1': null } },
      },
    ])
  })

  it('says why a file cannot be read, and offers no start', async () => {
    const user = userEvent.setup()
    newRunApi()
    renderApp(`/bulk?tool=${TOOL_ID}`)
    await user.upload(await screen.findByLabelText('CSV file'), csvFile('Who you are\n"Ada\n'))
    expect(await screen.findByRole('alert')).toHaveTextContent(/quote/i)
    expect(screen.queryByRole('button', { name: 'Start the run' })).toBeNull()
  })

  it('holds the file to the row limit the server has, and says it before one is chosen', async () => {
    const user = userEvent.setup()
    newRunApi({ maxRows: 2 })
    renderApp(`/bulk?tool=${TOOL_ID}`)
    const input = await screen.findByLabelText('CSV file')
    expect(input).toHaveAccessibleDescription(expect.stringContaining('At most 2 rows.') as unknown as string)

    await user.upload(input, csvFile('Who you are\nAda\nGrace\nAlan\n'))
    expect(await screen.findByRole('alert')).toHaveTextContent('A bulk run takes at most 2 rows; this file has 3')
    expect(screen.queryByRole('button', { name: 'Start the run' })).toBeNull()

    await user.upload(input, csvFile('Who you are\nAda\nGrace\n'))
    expect(await screen.findByText('bios.csv: 2 rows, 1 columns')).toBeVisible()
  })

  it('says so when the row limit cannot be read, and offers the file once Try again reads it', async () => {
    const user = userEvent.setup()
    let failing = true
    newRunApi({
      list: () => {
        if (failing) throw new FakeTrpcError('INTERNAL_SERVER_ERROR', 500)
        return noJobs(3)
      },
    })
    renderApp(`/bulk?tool=${TOOL_ID}`)
    const note = await screen.findByText('The row limit for a new run could not be loaded')
    expect(screen.queryByLabelText('CSV file')).toBeNull()

    failing = false
    await user.click(within(note.closest<HTMLElement>('[role="alert"]')!).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByLabelText('CSV file')).toHaveAccessibleDescription(
      expect.stringContaining('At most 3 rows.') as unknown as string,
    )
  })

  it('says a short balance without blocking the start', async () => {
    const user = userEvent.setup()
    newRunApi()
    renderApp(`/bulk?tool=${TOOL_ID}`)
    const rows = ['Ada', 'Grace', 'Alan', 'Edsger'].map((name) => `${name},maths`).join('\n')
    await user.upload(await screen.findByLabelText('CSV file'), csvFile(`Who you are,Topics\n${rows}\n`))
    await user.selectOptions(screen.getByRole('combobox', { name: /What you post about/ }), 'Topics')
    expect(await screen.findByText(/Your balance is 2 credits short/)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Start the run' })).toBeEnabled()
  })
})

describe('a bulk run’s page', () => {
  it('follows the job until it completes: the bar, the counts, and the controls its status allows', async () => {
    let reads = 0
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'bulk.get': () => {
        reads++
        return reads === 1
          ? job()
          : job({ status: 'completed', done: 4, remaining: 0, creditsUsed: 4, etaSeconds: null })
      },
      'bulk.rows': NO_ROWS,
    })
    renderApp(`/bulk/${JOB_ID}`)
    const bar = await screen.findByRole('progressbar', { name: 'Progress' })
    expect(bar).toHaveAttribute('aria-valuenow', '25')
    expect(screen.getByTestId('bulk-status')).toHaveTextContent('Running')
    expect(screen.getByTestId('bulk-eta')).toHaveTextContent('about 2 minutes')
    expect(screen.getByRole('button', { name: 'Pause' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Resume' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Run again' })).toBeDisabled()

    await waitFor(() => expect(screen.getByTestId('bulk-status')).toHaveTextContent('Completed'), { timeout: 5_000 })
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '100')
    expect(screen.getByTestId('bulk-credits-used')).toHaveTextContent('4')
    expect(screen.getByRole('button', { name: 'Pause' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Cancel the run' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Run again' })).toBeEnabled()
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/v1/bulk/${JOB_ID}/results?format=csv`,
    )
  })

  it('follows a cancelled job until the rows it had queued have settled', async () => {
    // Cancelled with two rows still held by workers: one delivers, the other is dropped.
    const cancelledWithRowsLeft = { status: 'cancelled', etaSeconds: null } as const
    const reads = [
      job({ ...cancelledWithRowsLeft, done: 1, cancelled: 1, remaining: 2, creditsUsed: 1 }),
      job({ ...cancelledWithRowsLeft, done: 2, cancelled: 2, remaining: 0, creditsUsed: 2 }),
    ]
    let read = 0
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'bulk.get': () => reads[Math.min(read++, reads.length - 1)],
      'bulk.rows': NO_ROWS,
    })
    renderApp(`/bulk/${JOB_ID}`)
    const bar = await screen.findByRole('progressbar', { name: 'Progress' })
    expect(bar).toHaveAttribute('aria-valuenow', '33')
    await waitFor(() => expect(screen.getByTestId('bulk-credits-used')).toHaveTextContent('2'), { timeout: 5_000 })
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '100')
    expect(screen.getByTestId('bulk-status')).toHaveTextContent('Cancelled')
  })

  it('asks before cancelling, and cancels only when confirmed', async () => {
    const user = userEvent.setup()
    const cancels: unknown[] = []
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'bulk.get': job({ status: 'paused', etaSeconds: null }),
      'bulk.rows': NO_ROWS,
      'bulk.list': noJobs(),
      'bulk.cancel': (input: unknown) => {
        cancels.push(input)
        return job({ status: 'cancelled', cancelled: 3, remaining: 0, etaSeconds: null })
      },
    })
    renderApp(`/bulk/${JOB_ID}`)
    await user.click(await screen.findByRole('button', { name: 'Cancel the run' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this bulk run?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep running' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(cancels).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Cancel the run' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel the run' }))
    await waitFor(() => expect(screen.getByTestId('bulk-status')).toHaveTextContent('Cancelled'))
    expect(cancels).toEqual([{ jobId: JOB_ID }])
  })

  it('shows each row’s output sanitised, and its error', async () => {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'bulk.get': job({ status: 'completed', done: 1, failed: 1, invalid: 2, remaining: 0, etaSeconds: null }),
      'bulk.rows': {
        rows: [
          {
            position: 0,
            status: 'done',
            cells: ['Ada'],
            output: '<p>Hello <img src="x" onerror="alert(1)"><script>alert(2)</script></p>',
            media: [{ id: MEDIA_ID, url: `/media/${MEDIA_ID}`, contentType: 'image/jpeg' }],
            error: null,
            generationId: null,
          },
          {
            position: 1,
            status: 'failed',
            cells: ['Grace'],
            output: null,
            media: [],
            error: 'The provider failed',
            generationId: null,
          },
        ],
        nextAfter: null,
      } satisfies BulkRowsOutput,
    })
    renderApp(`/bulk/${JOB_ID}`)
    const results = await screen.findByRole('table', { name: 'Results' })
    await waitFor(() => expect(within(results).getByText('Hello')).toBeVisible())
    expect(results.querySelector('script, [onerror]')).toBeNull()
    // A media tool's row shows its image as history does, from the app's /media route.
    expect(results.querySelector(`img[src="/media/${MEDIA_ID}"]`)).not.toBeNull()
    expect(within(results).getByText('The provider failed')).toBeVisible()
    expect(within(results).getByText('Failed')).toBeVisible()
  })
})
