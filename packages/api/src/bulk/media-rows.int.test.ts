import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES } from '@promptly/ai/errors'
import type { ImageRequest, ImageResult, SpeechRequest } from '@promptly/ai/provider'
import { silentMp3 } from '@promptly/core/media/testing/mp3-fixtures'

import { refundQuietly } from '../credits/reservation/refund-reservation.ts'
import { expectLedgerMatchesBalance } from '../credits/testing/expect-ledger-matches-balance.ts'
import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { fakeAiProvider } from '../generation/testing/fake-ai-provider.ts'
import { createGeneratorTool } from '../generation/testing/generator-tool.ts'
import { MemoryMediaStorage } from '../storage/testing/memory-media-storage.ts'
import type { BulkSource } from './create.schema.ts'
import { ownJob } from './job-view.ts'
import { exportResults } from './results-export.ts'
import { useBulkTestFrame } from './testing/bulk-test-frame.ts'

/** Rows as `bulk.create` takes them as JSON. */
type JsonRows = Extract<BulkSource, { kind: 'rows' }>['rows']

const frame = useBulkTestFrame()
const db = () => frame.db.prisma
let imageTool: { id: string }
let speechTool: { id: string }
let png: string

beforeAll(async () => {
  imageTool = await createGeneratorTool(db(), { kind: 'image', groups: [] })
  speechTool = await createGeneratorTool(db(), { kind: 'text_to_audio', groups: [] })
  const pixels = { width: 4, height: 4, channels: 3 as const, background: { r: 200, g: 10, b: 10 } }
  png = (await sharp({ create: pixels }).png().toBuffer()).toString('base64')
})

/** An image provider answering the request's n images; `requests` records what it was asked. */
function drawing(requests: ImageRequest[] = [], base64?: string) {
  return fakeAiProvider({
    images: (request): Promise<ImageResult> => {
      requests.push(request)
      const image = { base64: base64 ?? png, url: null, revisedPrompt: null }
      return Promise.resolve({ images: Array.from({ length: request.n }, () => image), model: 'dall-e-3' })
    },
  })
}

/** A speech provider reading any text as a second of silent MP3. */
function reading(requests: SpeechRequest[] = []) {
  return fakeAiProvider({
    speech: (request) => {
      requests.push(request)
      return Promise.resolve({ audio: silentMp3(1), contentType: 'audio/mpeg', model: 'tts-1' })
    },
  })
}

/** An image provider whose every call the test releases by hand. */
function heldDrawing() {
  const releases: (() => void)[] = []
  const reached: { count: number; resolve: () => void }[] = []
  const ai = fakeAiProvider({
    images: async (request): Promise<ImageResult> => {
      await new Promise<void>((release) => {
        releases.push(release)
        for (const waiter of reached.filter((entry) => releases.length >= entry.count)) waiter.resolve()
      })
      const image = { base64: png, url: null, revisedPrompt: null }
      return { images: Array.from({ length: request.n }, () => image), model: 'dall-e-3' }
    },
  })
  return {
    ai,
    release: (index: number) => releases[index]?.(),
    reached: (count: number) =>
      releases.length >= count ? Promise.resolve() : new Promise<void>((resolve) => reached.push({ count, resolve })),
  }
}

async function exported(userId: string, jobId: string, format: 'csv' | 'jsonl', links?: MediaLinksOf) {
  let text = ''
  for await (const piece of await exportResults(db(), userId, jobId, format, links)) text += piece
  return text
}
type MediaLinksOf = Parameters<typeof exportResults>[4]

describe('a bulk job over the image tool', () => {
  it('runs 5 rows to completed: one JPEG stored per row, each row charged once by its quality', async () => {
    const ada = await frame.account('ada', 30)
    const media = new MemoryMediaStorage()
    const requests: ImageRequest[] = []
    const runtime = await frame.runtime({ ai: drawing(requests), media })
    const caller = runtime.caller(ada)
    const rows: JsonRows = [
      { prompt: 'A red fox', quality: 'hd', style: 'Art' },
      { prompt: 'A blue whale', quality: 'standard' },
      { prompt: 'A green frog' },
      { prompt: 'A lighthouse', quality: 'standard', style: 'Photo' },
      { prompt: 'A teapot', style: 'Drawing' },
    ]
    const created = await caller.bulk.create({ toolId: imageTool.id, source: { kind: 'rows', rows } })
    // hd (the single run's default) costs 2, standard 1: 2 + 1 + 2 + 1 + 2.
    expect(created).toEqual({ jobId: expect.any(String), total: 5, invalid: 0, costPerRow: 2, cost: 8 })

    expect(await runtime.queue.runAll()).toBe(5)

    expect(await ownJob(db(), ada.id, created.jobId)).toMatchObject({ status: 'completed', done: 5, creditsUsed: 8 })
    expect(await balanceOf(db(), ada.id)).toBe(22)
    await expectLedgerMatchesBalance(db(), ada.id)
    expect(await frame.ledgerOfJob(ada.id, created.jobId)).toEqual({ charged: -8, refunded: 0 })
    expect(requests.map((request) => [request.n, request.quality])).toEqual([
      [1, 'hd'],
      [1, 'standard'],
      [1, 'hd'],
      [1, 'standard'],
      [1, 'hd'],
    ])
    expect(requests[0]?.prompt).toContain('A red fox')

    const stored = await db().storedMedia.findMany({ where: { userId: ada.id } })
    expect(stored).toHaveLength(5)
    expect(media.objects.size).toBe(5)
    const generations = await db().generation.findMany({ where: { bulkJobId: created.jobId } })
    expect(generations.map((generation) => [generation.kind, generation.status]).sort()).toEqual(
      Array.from({ length: 5 }, () => ['image', 'succeeded']),
    )
    expect(generations.find((generation) => generation.input !== null && generation.credits === 1)?.input).toEqual(
      expect.objectContaining({ n: 1, quality: 'standard' }),
    )

    const page = await caller.bulk.rows({ jobId: created.jobId })
    expect(page.rows.map((row) => row.cells)).toEqual([
      ['A red fox', 'hd', 'Art'],
      ['A blue whale', 'standard', ''],
      ['A green frog', '', ''],
      ['A lighthouse', 'standard', 'Photo'],
      ['A teapot', '', 'Drawing'],
    ])
    for (const row of page.rows) {
      const own = stored.filter((item) => item.generationId === row.generationId)
      expect(own).toHaveLength(1)
      expect(row.media).toEqual([{ id: own[0]?.id, url: `/media/${own[0]?.id}`, contentType: 'image/jpeg' }])
    }

    const csv = await exported(ada.id, created.jobId, 'csv', runtime.context(ada).mediaLinks)
    const lines = csv.split(/\r?\n/)
    expect(lines[0]).toBe('\uFEFFPrompt,Quality,Style,status,output,error')
    for (const row of page.rows) {
      const [item] = row.media
      expect(csv).toContain(`http://promptly.test/media/${item?.id}?`)
    }
    const jsonl = await exported(ada.id, created.jobId, 'jsonl', runtime.context(ada).mediaLinks)
    const first = JSON.parse(jsonl.split('\n')[0] ?? '{}') as { media: string[]; output: string }
    expect(first.media).toEqual([expect.stringContaining(`/media/${page.rows[0]?.media[0]?.id}?`)])
    expect(first.output).toBe(first.media[0])
  })

  it('keeps invalid rows with the single run’s message and runs the rest', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: drawing() })
    const rows: JsonRows = [
      { prompt: 'A cat', quality: 'ultra' },
      { prompt: '   ' },
      { prompt: 'A dog', style: 'Cubist' },
      [['A bird', 'standard']],
      { prompt: 'A cow' },
    ]
    const created = await runtime.caller(ada).bulk.create({ toolId: imageTool.id, source: { kind: 'rows', rows } })
    expect(created).toMatchObject({ total: 5, invalid: 3, cost: 3 })
    expect(await runtime.queue.runAll()).toBe(2)
    const kept = await db().bulkRow.findMany({ where: { jobId: created.jobId }, orderBy: { position: 'asc' } })
    expect(kept.map((row) => [row.status, row.error])).toEqual([
      ['invalid', 'Quality is hd or standard'],
      ['invalid', expect.any(String)],
      ['invalid', expect.stringContaining('Style is one of')],
      ['done', null],
      ['done', null],
    ])
    expect(await balanceOf(db(), ada.id)).toBe(27)
  })

  it('fails a row whose provider answer is not an image: refunded, nothing stored', async () => {
    const ada = await frame.account('ada', 30)
    const media = new MemoryMediaStorage()
    const runtime = await frame.runtime({ ai: drawing([], Buffer.from('not an image').toString('base64')), media })
    const created = await runtime
      .caller(ada)
      .bulk.create({ toolId: imageTool.id, source: { kind: 'rows', rows: [{ prompt: 'A cat' }] } })
    await runtime.queue.runAll()
    expect(await db().bulkRow.findFirst({ where: { jobId: created.jobId } })).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: AI_ERROR_MESSAGES.unavailable,
    })
    expect(await balanceOf(db(), ada.id)).toBe(30)
    expect(await frame.ledgerOfJob(ada.id, created.jobId)).toEqual({ charged: -6, refunded: 6 })
    expect(media.objects.size).toBe(0)
    expect(await db().storedMedia.count({ where: { userId: ada.id } })).toBe(0)
  })

  it('deletes what it stored when the sweeper refunded its reservation meanwhile, and fails the row', async () => {
    const ada = await frame.account('ada', 30)
    const media = new MemoryMediaStorage()
    const held = heldDrawing()
    const runtime = await frame.runtime({ ai: held.ai, media, maxAttempts: 1 })
    const created = await runtime
      .caller(ada)
      .bulk.create({ toolId: imageTool.id, source: { kind: 'rows', rows: [{ prompt: 'A cat' }] } })
    const run = runtime.queue.runNext()
    await held.reached(1)
    const [generation] = await db().generation.findMany({ where: { bulkJobId: created.jobId } })
    // What the sweeper does to a reservation it takes for abandoned.
    await refundQuietly(db(), generation?.id ?? '', { error: 'swept', latencyMs: 1 })
    held.release(0)
    await run

    expect(await db().bulkRow.findFirst({ where: { jobId: created.jobId } })).toMatchObject({ status: 'failed' })
    expect(media.objects.size).toBe(0)
    expect(await db().storedMedia.count({ where: { userId: ada.id } })).toBe(0)
    expect(await balanceOf(db(), ada.id)).toBe(30)
    await expectLedgerMatchesBalance(db(), ada.id)
  })

  it('keeps one set of media and one charge when the same row runs twice', async () => {
    const ada = await frame.account('ada', 30)
    const media = new MemoryMediaStorage()
    const held = heldDrawing()
    const runtime = await frame.runtime({ ai: held.ai, media })
    const created = await runtime
      .caller(ada)
      .bulk.create({ toolId: imageTool.id, source: { kind: 'rows', rows: [{ prompt: 'A cat', quality: 'hd' }] } })
    const [task] = runtime.queue.added
    if (!task) throw new Error('the job queued no task')

    const runs = [runtime.queue.runNext(), runtime.runRow(task, { attempt: 2, final: false })]
    await held.reached(2)
    expect(await balanceOf(db(), ada.id)).toBe(26)
    held.release(1)
    await Promise.race(runs)
    held.release(0)
    await Promise.all(runs)

    const [row] = await db().bulkRow.findMany({ where: { jobId: created.jobId } })
    expect(row).toMatchObject({ status: 'done' })
    const stored = await db().storedMedia.findMany({ where: { userId: ada.id } })
    expect(stored.map((item) => item.generationId)).toEqual([row?.generationId])
    expect(media.objects.size).toBe(1)
    expect(await balanceOf(db(), ada.id)).toBe(28)
    expect(await ownJob(db(), ada.id, created.jobId)).toMatchObject({ status: 'completed', done: 1, creditsUsed: 2 })
    await expectLedgerMatchesBalance(db(), ada.id)
  })

  it('reads a CSV through the fixed image form, and previews it with those fields', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: drawing() })
    const caller = runtime.caller(ada)
    const csv = 'Description,quality\nA red fox,standard\nA blue whale,hd\n'
    const mapping = { '0.0': 0, '0.1': 1, '0.2': null }
    const preview = await caller.bulk.preview({ toolId: imageTool.id, csv })
    expect(preview.fields.map((field) => [field.label, field.required, field.kind])).toEqual([
      ['Prompt', true, 'text'],
      ['Quality', false, 'choice'],
      ['Style', false, 'choice'],
    ])
    // 'quality' matches its field by name; no column is named like the prompt.
    expect(preview.mapping).toEqual({ '0.0': null, '0.1': 1, '0.2': null })
    expect(preview.problems).toEqual(["The required field 'Prompt' has no column"])
    expect(await caller.bulk.preview({ toolId: imageTool.id, csv, mapping })).toMatchObject({
      problems: [],
      valid: 2,
      costPerRow: 2,
      cost: 3,
    })
    const created = await caller.bulk.create({ toolId: imageTool.id, source: { kind: 'csv', csv, mapping } })
    expect(created).toMatchObject({ total: 2, invalid: 0, cost: 3 })
    await runtime.queue.runAll()
    expect(await ownJob(db(), ada.id, created.jobId)).toMatchObject({
      status: 'completed',
      columns: ['Description', 'quality'],
    })
  })
})

describe('a bulk job over text to audio', () => {
  it('runs 3 rows to completed: one MP3 per row in the row’s voice (alloy unless given), one credit each', async () => {
    const ada = await frame.account('ada', 30)
    const media = new MemoryMediaStorage()
    const requests: SpeechRequest[] = []
    const runtime = await frame.runtime({ ai: reading(requests), media })
    const caller = runtime.caller(ada)
    const rows: JsonRows = [{ input: 'Hello', voice: 'nova' }, { input: 'Good morning' }, [['Goodbye', 'echo']]]
    const created = await caller.bulk.create({ toolId: speechTool.id, source: { kind: 'rows', rows } })
    expect(created).toEqual({ jobId: expect.any(String), total: 3, invalid: 0, costPerRow: 1, cost: 3 })

    expect(await runtime.queue.runAll()).toBe(3)

    expect(requests.map((request) => [request.input, request.voice])).toEqual([
      ['Hello', 'nova'],
      ['Good morning', 'alloy'],
      ['Goodbye', 'echo'],
    ])
    expect(await ownJob(db(), ada.id, created.jobId)).toMatchObject({ status: 'completed', done: 3, creditsUsed: 3 })
    expect(await balanceOf(db(), ada.id)).toBe(27)
    expect(await frame.ledgerOfJob(ada.id, created.jobId)).toEqual({ charged: -3, refunded: 0 })
    expect(media.objects.size).toBe(3)
    const page = await caller.bulk.rows({ jobId: created.jobId })
    expect(page.rows.map((row) => row.media.map((item) => item.contentType))).toEqual([
      ['audio/mpeg'],
      ['audio/mpeg'],
      ['audio/mpeg'],
    ])
    const csv = await exported(ada.id, created.jobId, 'csv')
    expect(csv.trim().split(/\r?\n/)[1]).toBe(`Hello,nova,done,/media/${page.rows[0]?.media[0]?.id},`)
  })

  it('keeps a row with an unknown voice invalid with the single run’s message', async () => {
    const ada = await frame.account('ada', 30)
    const runtime = await frame.runtime({ ai: reading() })
    const rows: JsonRows = [{ input: 'Hello', voice: 'robot' }, { input: 'Hi' }]
    const created = await runtime.caller(ada).bulk.create({ toolId: speechTool.id, source: { kind: 'rows', rows } })
    expect(created).toMatchObject({ total: 2, invalid: 1, cost: 1 })
    const [bad] = await db().bulkRow.findMany({ where: { jobId: created.jobId }, orderBy: { position: 'asc' } })
    expect(bad).toMatchObject({ status: 'invalid', error: expect.any(String) })
  })
})
