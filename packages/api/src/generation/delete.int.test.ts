import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'

import { silentMp3 } from '@promptly/core/media/testing/mp3-fixtures'

import type { SignedInUser } from '../context.ts'
import { MemoryMediaStorage } from '../storage/testing/memory-media-storage.ts'
import { BULK_ROW_GENERATION } from './delete.handler.ts'
import { fakeAiProvider } from './testing/fake-ai-provider.ts'
import { useGenerationTestDatabase } from './testing/generation-test-database.ts'
import { createGeneratorTool } from './testing/generator-tool.ts'
import { storeGeneration } from './testing/stored-generations.ts'

const frame = useGenerationTestDatabase()
let florist: { id: string }
let ada: SignedInUser
let bob: SignedInUser

beforeAll(async () => {
  florist = await createGeneratorTool(frame.db.prisma, { name: 'Florist Caption Maker' })
  ada = await frame.account('ada')
  bob = await frame.account('bob')
})

const store = (user: SignedInUser, minutesAgo: number, status?: 'reserved') =>
  storeGeneration(frame.db.prisma, {
    userId: user.id,
    toolId: florist.id,
    output: '<p>to delete</p>',
    minutesAgo,
    ...(status && { status }),
  })

describe('generation.delete', () => {
  it("refuses another user's generation with NOT_FOUND, as for an unknown id, and keeps it", async () => {
    const bobs = await store(bob, 10)
    await expect(frame.caller(ada).generation.delete({ id: bobs })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Generation not found',
    })
    await expect(frame.caller(ada).generation.delete({ id: randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Generation not found',
    })
    expect(await frame.db.prisma.generation.count({ where: { id: bobs } })).toBe(1)
  })

  it("deletes the caller's own, and refuses one still running", async () => {
    const id = await store(bob, 5)
    expect(await frame.caller(bob).generation.delete({ id })).toEqual({ id })
    expect(await frame.db.prisma.generation.count({ where: { id } })).toBe(0)
    await expect(frame.caller(bob).generation.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })

    const running = await store(bob, 1, 'reserved')
    await expect(frame.caller(bob).generation.delete({ id: running })).rejects.toMatchObject({ code: 'CONFLICT' })
    expect(await frame.db.prisma.generation.count({ where: { id: running } })).toBe(1)
    await frame.db.prisma.generation.update({ where: { id: running }, data: { status: 'failed' } })
  })

  it('removes the media it produced, rows and stored objects, and keeps its ledger entries', async () => {
    const carol = await frame.account('carol')
    const media = new MemoryMediaStorage()
    const ai = fakeAiProvider({
      speech: () => Promise.resolve({ audio: silentMp3(1), contentType: 'audio/mpeg', model: 'tts-1' }),
    })
    const { generationId } = await frame
      .caller(carol, { ai, media })
      .generation.speech({ input: 'Hello there', voice: 'alloy' })
    expect(media.objects.size).toBe(1)
    const entries = await frame.db.prisma.creditEntry.count({ where: { reference: generationId } })
    expect(entries).toBeGreaterThan(0)

    expect(await frame.caller(carol, { media }).generation.delete({ id: generationId })).toEqual({ id: generationId })
    expect(media.objects.size).toBe(0)
    expect(await frame.db.prisma.storedMedia.count({ where: { generationId } })).toBe(0)
    expect(await frame.db.prisma.creditEntry.count({ where: { reference: generationId } })).toBe(entries)
  })

  it("refuses a bulk job's row with CONFLICT: the generation stays with the job's row that names it", async () => {
    const id = await store(ada, 2)
    const job = await frame.db.prisma.bulkJob.create({
      data: {
        userId: ada.id,
        toolId: florist.id,
        toolName: 'Florist Caption Maker',
        costPerRow: 1,
        total: 1,
        columns: [],
      },
    })
    await frame.db.prisma.generation.update({ where: { id }, data: { bulkJobId: job.id } })
    await frame.db.prisma.bulkRow.create({
      data: { jobId: job.id, position: 0, cells: {}, values: [], status: 'done', generationId: id, output: '<p>x</p>' },
    })
    await expect(frame.caller(ada).generation.delete({ id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: BULK_ROW_GENERATION,
    })
    expect(await frame.db.prisma.generation.count({ where: { id, bulkJobId: job.id } })).toBe(1)
    // Another user still learns nothing about it.
    await expect(frame.caller(bob).generation.delete({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('answers UNAUTHORIZED signed out and BAD_REQUEST for a malformed id, deleting nothing', async () => {
    const id = await store(ada, 3)
    await expect(frame.caller(null).generation.delete({ id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    await expect(frame.caller(ada).generation.delete({ id: 'not-an-id' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    })
    expect(await frame.db.prisma.generation.count({ where: { id } })).toBe(1)
  })
})
