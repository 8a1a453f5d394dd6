import { notifications, notificationsStore } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { BulkJobViewOutput } from '@promptly/api/bulk/get.schema'
import type { HistoryItem } from '@promptly/api/generation/history.schema'

import { LOCAL_CONFIG } from '../test/catalogue-fixtures.ts'
import { fakeApi } from '../test/fake-api.ts'
import { renderApp } from '../test/render-app.tsx'
import { ADA } from '../test/render.tsx'
import { HISTORY_BULK_RUNS_SHOWN } from './HistoryBulkRuns.tsx'

const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message)
const TOOL_ID = '218151ba-48d6-8f2d-9029-77dd78f93fcb'

afterEach(() => {
  vi.unstubAllGlobals()
  notifications.clean()
})

function item(n: number, overrides: Partial<HistoryItem> = {}): HistoryItem {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    toolId: TOOL_ID,
    toolName: `Tool ${n}`,
    toolLogo: '/logos/x.svg',
    kind: 'generic',
    status: 'succeeded',
    credits: 1,
    charged: 1,
    createdAt: new Date(Date.UTC(2026, 10, 20, 12, 60 - n)),
    preview: `Preview of generation ${n}`,
    media: [],
    voiceName: null,
    kept: false,
    ...overrides,
  }
}

interface HistoryCall {
  cursor?: string | null
  limit: number
  search?: string | null
}

function bulkJob(n: number, overrides: Partial<BulkJobViewOutput> = {}): BulkJobViewOutput {
  return {
    id: `11111111-1111-4111-8111-${String(n).padStart(12, '0')}`,
    toolId: TOOL_ID,
    toolName: `Bulk Tool ${n}`,
    status: 'completed',
    total: 25,
    done: 25,
    failed: 0,
    invalid: 0,
    cancelled: 0,
    remaining: 0,
    creditsUsed: 25,
    costPerRow: 1,
    columns: ['Person'],
    createdAt: new Date(Date.UTC(2026, 10, 21, 9, 60 - n)),
    finishedAt: new Date(Date.UTC(2026, 10, 21, 10, 0)),
    etaSeconds: null,
    ...overrides,
  }
}

/**
 * A server holding `all` (newest first), paging by id cursor and searching the tool name and preview,
 * and `bulkJobs` as the user's bulk runs (none unless given).
 */
function historyApi(all: HistoryItem[], bulkJobs: BulkJobViewOutput[] = []) {
  let items = [...all]
  const calls: HistoryCall[] = []
  const deleted: unknown[] = []
  fakeApi({
    'system.config': LOCAL_CONFIG,
    'auth.me': ADA,
    'bulk.list': { jobs: bulkJobs, maxRows: 10_000 },
    'generation.history': (input: unknown) => {
      const call = input as HistoryCall
      calls.push(call)
      const search = call.search?.toLowerCase()
      const matching = search
        ? items.filter((row) => `${row.toolName} ${row.preview}`.toLowerCase().includes(search))
        : items
      const start = call.cursor ? matching.findIndex((row) => row.id === call.cursor) + 1 : 0
      const page = matching.slice(start, start + call.limit)
      const more = start + call.limit < matching.length
      return { items: page, nextCursor: more ? page[page.length - 1]!.id : null }
    },
    'generation.get': (input: unknown) => {
      const row = items.find((candidate) => candidate.id === (input as { id: string }).id)!
      return {
        ...row,
        values: [['A designer', 'UX']],
        output: `<p>Full text of ${row.toolName}<img src=x onerror=alert(1)></p>`,
        error: null,
      }
    },
    'generation.delete': (input: unknown) => {
      deleted.push(input)
      items = items.filter((row) => row.id !== (input as { id: string }).id)
      return { id: (input as { id: string }).id }
    },
  })
  return { calls, deleted }
}

const rows = () => screen.getAllByTestId('history-item')

describe('history page', () => {
  it('lists the generations newest first and loads more', async () => {
    const user = userEvent.setup()
    const { calls } = historyApi(Array.from({ length: 25 }, (_, index) => item(index + 1)))
    renderApp('/history')
    expect(await screen.findByRole('heading', { level: 1, name: 'History' })).toBeVisible()
    await waitFor(() => expect(rows()).toHaveLength(20))
    expect(rows()[0]!.textContent).toContain('Tool 1')
    expect(rows()[0]!.textContent).toContain('Preview of generation 1')
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(rows()).toHaveLength(25))
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
    expect(calls.map((call) => call.cursor ?? null)).toEqual([null, item(20).id])
  })

  it('lists the latest bulk runs above the generations, each one entry linking to its page', async () => {
    historyApi(
      [item(1)],
      [
        bulkJob(1, { status: 'running', done: 10, failed: 2, invalid: 1, remaining: 12, etaSeconds: 60 }),
        bulkJob(2, { toolName: 'Bulk Tool 1' }),
        bulkJob(3, { status: 'cancelled', done: 4, cancelled: 21 }),
        bulkJob(4),
      ],
    )
    renderApp('/history')
    const section = await screen.findByRole('region', { name: 'Bulk runs' })
    expect(within(section).getByRole('heading', { level: 2, name: 'Bulk runs' })).toBeVisible()
    const runs = within(within(section).getByRole('list', { name: 'Bulk runs' })).getAllByRole('listitem')
    expect(runs).toHaveLength(HISTORY_BULK_RUNS_SHOWN)
    expect(runs.map((run) => within(run).getByRole('link').getAttribute('href'))).toEqual(
      [1, 2, 3].map((n) => `/bulk/${bulkJob(n).id}`),
    )
    // Two runs of one tool: each link still says which run it opens.
    const names = runs.map((run) => within(run).getByRole('link').textContent)
    expect(names[0]).toMatch(/^Bulk Tool 1 bulk run of .*2026/)
    expect(names[1]).toMatch(/^Bulk Tool 1 bulk run of .*2026/)
    expect(names[0]).not.toBe(names[1])
    // Progress over the rows that can run: 12 of 24 settled (one invalid), as /bulk counts it.
    expect(runs[0]!.textContent).toContain('Progress: 12 of 24')
    expect(runs[0]!.textContent).toContain('Running')
    expect(runs[1]!.textContent).toContain('Progress: 25 of 25')
    expect(runs[1]!.textContent).toContain('Completed')
    expect(runs[2]!.textContent).toContain('Progress: 4 of 4')
    expect(runs[2]!.textContent).toContain('Cancelled')
    expect(within(section).getByRole('link', { name: 'All bulk runs' })).toHaveAttribute('href', '/bulk')
    // The generations follow, under a heading of their own.
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(screen.getByRole('heading', { level: 2, name: 'Your generations' })).toBeInTheDocument()
  })

  it('shows no Bulk runs section to a user without any', async () => {
    historyApi([item(1)], [])
    const router = renderApp('/history')
    const { queryClient, trpc } = router.options.context
    await waitFor(() => expect(rows()).toHaveLength(1))
    await waitFor(() => expect(queryClient.getQueryState(trpc.bulk.list.queryKey())?.status).toBe('success'))
    expect(screen.queryByRole('region', { name: 'Bulk runs' })).toBeNull()
    expect(screen.queryByRole('link', { name: /bulk runs/i })).toBeNull()
    expect(screen.queryByRole('heading', { name: /bulk runs|your generations/i })).toBeNull()
  })

  it('shows what each generation finally cost: 0 once refunded', async () => {
    historyApi([
      item(1, { toolName: 'Refunded Tool', status: 'failed', credits: 1, charged: 0 }),
      item(2, { toolName: 'Charged Tool', credits: 2, charged: 2 }),
    ])
    renderApp('/history')
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows()[0]!.textContent).toContain('0 credits (refunded)')
    expect(rows()[0]!.textContent).not.toContain('1 credit')
    expect(rows()[1]!.textContent).toContain('2 credits')
    expect(rows()[1]!.textContent).not.toContain('refunded)')
  })

  it('searches once typing pauses', async () => {
    const user = userEvent.setup()
    const { calls } = historyApi([item(1, { toolName: 'Cold Email Generator' }), item(2, { toolName: 'X Bio' })])
    renderApp('/history')
    await waitFor(() => expect(rows()).toHaveLength(2))
    const search = screen.getByRole('searchbox', { name: 'Search your generations' })
    await user.type(search, 'cold')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]!.textContent).toContain('Cold Email Generator')
    expect(calls.map((call) => call.search ?? null)).toEqual([null, 'cold'])

    await user.clear(search)
    await user.type(search, 'nothing like it')
    expect(await screen.findByText('No generations match “nothing like it”.')).toBeVisible()
  })

  it('opens a generation with its output sanitised, copies it, and offers Run again', async () => {
    const user = userEvent.setup()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    historyApi([item(1, { toolName: 'Cold Email Generator' })])
    renderApp('/history')
    await user.click(await screen.findByRole('button', { name: /^Open Cold Email Generator/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Cold Email Generator' })
    const output = await within(dialog).findByTestId('history-output')
    expect(output.innerHTML).toBe('<p>Full text of Cold Email Generator</p>')
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(toastMessages()).toContain('Copied to Clipboard'))
    expect(writeText).toHaveBeenCalledWith('Full text of Cold Email Generator')
    expect(within(dialog).getByRole('link', { name: 'Run again' }).getAttribute('href')).toBe(
      `/generate?id=${TOOL_ID}&from=${item(1).id}`,
    )
  })

  it('deletes a generation after confirmation, and the list drops it', async () => {
    const user = userEvent.setup()
    const { deleted } = historyApi([item(1), item(2)])
    renderApp('/history')
    await waitFor(() => expect(rows()).toHaveLength(2))
    await user.click(within(rows()[0]!).getByRole('button', { name: /^Delete/ }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete this generation?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(deleted).toEqual([])

    await user.click(within(rows()[0]!).getByRole('button', { name: /^Delete/ }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this generation?' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]!.textContent).toContain('Tool 2')
    expect(deleted).toEqual([{ id: item(1).id }])
    expect(toastMessages()).toContain('Generation deleted')
  })

  it('says when there is nothing yet', async () => {
    historyApi([])
    renderApp('/history')
    expect(await screen.findByText(/Nothing here yet/)).toBeVisible()
    // The sentence's link keeps its words (a tag named like an HTML void element would lose them).
    expect(screen.getByRole('link', { name: 'catalogue' })).toHaveAttribute('href', '/')
  })

  it('a generation of a tool that no longer exists cannot be run again', async () => {
    historyApi([item(1, { toolId: null, toolName: null, toolLogo: null })])
    renderApp('/history')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]!.textContent).toContain('A tool that no longer exists')
    expect(within(rows()[0]!).queryByRole('link', { name: /Run again/ })).toBeNull()
  })

  it(
    'shows media generations: the kind, image thumbnails that ' +
      'download, an audio player; Run again where it can refill the form',
    async () => {
      const user = userEvent.setup()
      const image = (n: number) => ({
        id: `66666666-6666-4666-8666-00000000000${n}`,
        url: `/media/img-${n}`,
        contentType: 'image/jpeg',
      })
      const audio = { id: '77777777-7777-4777-8777-000000000001', url: '/media/audio-1', contentType: 'audio/mpeg' }
      historyApi([
        item(1, { toolName: 'AI Image Generator', kind: 'image', credits: 4, charged: 4, media: [image(1), image(2)] }),
        item(2, { toolName: 'Text to Audio Converter', kind: 'text_to_audio', media: [audio] }),
        item(3, { toolName: 'AI Paraphrasing Tool', kind: 'paraphrase' }),
        item(4, { toolName: 'Audio to Text Transcription', kind: 'transcription' }),
      ])
      renderApp('/history')
      await waitFor(() => expect(rows()).toHaveLength(4))
      const [images, speech, paraphrase, transcription] = rows() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement]

      expect(within(images).getByText('Images')).toBeVisible()
      const thumbnails = within(images).getAllByRole('link', { name: /^Download image/ })
      expect(thumbnails.map((link) => [link.getAttribute('href'), link.getAttribute('download')])).toEqual([
        ['/media/img-1', 'image.jpg'],
        ['/media/img-2', 'image.jpg'],
      ])
      expect(within(images).getByRole('link', { name: /Run again/ })).toBeVisible()

      expect(within(speech).getByText('Text to audio')).toBeVisible()
      expect(speech.querySelector('audio')?.getAttribute('src')).toBe('/media/audio-1')
      expect(within(speech).getByRole('link', { name: /Run again/ })).toBeVisible()

      expect(within(paraphrase).getByText('Paraphrase')).toBeVisible()
      expect(within(paraphrase).getByRole('link', { name: /Run again/ })).toBeVisible()
      expect(within(transcription).queryByRole('link', { name: /Run again/ })).toBeNull()

      await user.click(within(speech).getByRole('button', { name: /^Open/ }))
      const dialog = await screen.findByRole('dialog', { name: 'Text to Audio Converter' })
      const download = within(dialog).getByRole('link', { name: 'Download Audio' })
      expect([download.getAttribute('href'), download.getAttribute('download')]).toEqual([
        '/media/audio-1',
        'audio_file.mp3',
      ])
      expect(dialog.querySelector('audio')?.getAttribute('src')).toBe('/media/audio-1')
    },
  )
})
