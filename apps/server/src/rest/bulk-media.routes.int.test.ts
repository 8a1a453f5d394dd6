import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startHeldChatAi, type HeldChatAi } from '../testing/held-chat-ai.ts'
import { multipartBody } from '../testing/multipart.ts'
import { createTestApiKey } from '../testing/test-api-keys.ts'
import { useTestApp } from '../testing/use-test-app.ts'
import { bulkCalls, createdOf, finished, readResultsCsv } from './bulk-test-calls.ts'

/**
 * Bulk runs of the image tool over REST: rows as the single run's fields (JSON) or a CSV read through
 * the tool's fixed bulk form (Prompt, Quality, Style), run by the app's own provider (the held fake
 * answers images), and the results' output column holding each row's share URL.
 */
let ai: HeldChatAi
const t = useTestApp(async () => {
  ai = await startHeldChatAi()
  return {
    seed: true,
    env: { ...ai.env, RATE_LIMIT_PER_MINUTE: '100000', API_KEY_RATE_LIMIT_PER_MINUTE: '100000' },
  }
})
afterAll(async () => {
  await ai.server.close()
})
const { startJob, waitForJob, results, balanceOf } = bulkCalls(t)
let imageToolId: string

beforeAll(async () => {
  const tool = await t.db.prisma.tool.findFirstOrThrow({ where: { kind: 'image' }, select: { id: true } })
  imageToolId = tool.id
})

describe('POST /api/v1/bulk for the image tool', () => {
  it('runs JSON rows of prompts, one image per row charged by its quality, results holding share URLs', async () => {
    const ada = await t.signUp()
    const key = await createTestApiKey(t.app, ada, ['read', 'generate'])
    const before = await balanceOf(ada)
    const rows = [{ prompt: 'A red fox', quality: 'standard' }, { prompt: 'A blue whale' }, { prompt: '' }]
    const created = createdOf(await startJob(key, { payload: { toolId: imageToolId, rows } }))
    expect(created).toMatchObject({ total: 3, invalid: 1, costPerRow: 2, cost: 3 })

    const job = await waitForJob(key, created.jobId, finished)
    expect(job).toMatchObject({ status: 'completed', done: 2, invalid: 1, creditsUsed: 3 })
    expect(await balanceOf(ada)).toBe(before - 3)
    expect(await t.db.prisma.storedMedia.count({ where: { userId: ada.user.id } })).toBe(2)

    const res = await results(key, created.jobId, 'csv')
    expect(res.statusCode).toBe(200)
    const { header, rows: lines } = readResultsCsv(res.body)
    expect(header).toEqual(['Prompt', 'Quality', 'Style', 'status', 'output', 'error'])
    expect(lines.map((line) => line[3])).toEqual(['done', 'done', 'invalid'])
    for (const line of lines.slice(0, 2)) expect(line[4]).toMatch(/^https?:\/\/\S+\/media\/[0-9a-f-]{36}\?\S+$/)
  })

  it('takes a CSV upload mapped by its column names to the fixed form', async () => {
    const ada = await t.signUp()
    const key = await createTestApiKey(t.app, ada, ['read', 'generate'])
    const csv = 'prompt,style\nA lighthouse,Photo\nA teapot,Drawing\n'
    const body = multipartBody([
      { name: 'toolId', value: imageToolId },
      { name: 'file', value: csv, fileName: 'rows.csv', contentType: 'text/csv' },
    ])
    const created = createdOf(await startJob(key, body))
    expect(created).toMatchObject({ total: 2, invalid: 0, cost: 4 })
    expect(await waitForJob(key, created.jobId, finished)).toMatchObject({ status: 'completed', done: 2 })
  })
})
