import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { TRPCClientError } from '@trpc/client'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'

import { FAILED_GENERATION_ERROR } from '@promptly/api/generation/stream-generation'
import type { AppRouter } from '@promptly/api/root'

import type { LegacyError } from '../errors/legacy-error-envelope.ts'
import { keyCheckedStorage } from '../storage/key-checked-media-storage.ts'
import { FullDiskMediaStorage } from '../testing/full-disk-media-storage.ts'
import { ledgerSnapshot } from '../testing/ledger-snapshot.ts'
import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

/**
 * The media disk filling up: image and speech generations answer a clear error, refund, keep no
 * media row or history entry pointing at a missing file and no truncated file, and work again
 * once there is space, on the same app.
 */
let mediaDir: string
let disk: FullDiskMediaStorage

const t = useTestApp(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'promptly-full-disk-'))
  disk = new FullDiskMediaStorage(mediaDir)
  return { seed: true, fakeAi: true, listen: true, services: { media: keyCheckedStorage(disk) } }
})
afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true })
})
let ada: TestAccount
beforeEach(async () => {
  disk.freeBytes = Infinity
  ada = await t.signUp({ name: 'Ada' })
})

const GENERIC_FAILURE = {
  code: 'INTERNAL_SERVER_ERROR',
  httpStatus: 500,
  message: 'Something went wrong. Please try again.',
}

async function failureOf(call: Promise<unknown>): Promise<{ code?: string; httpStatus?: number; message: string }> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(TRPCClientError)
  const { data, message } = error as TRPCClientError<AppRouter>
  expect(JSON.stringify(error)).not.toMatch(/ENOSPC|no space|images\/|audio\//)
  return { code: data?.code, httpStatus: data?.httpStatus, message }
}

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(mediaDir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
}

/** After a failed call: nothing charged, no media row or file, and history's entry says failed, charged 0, no media. */
async function expectNothingLeft(before: Awaited<ReturnType<typeof ledgerSnapshot>>, filesBefore: string[]) {
  expect(await ledgerSnapshot(t.db.prisma, ada.user.id)).toEqual({
    ...before,
    generations: before.generations + 1,
    // The reservation and its refund.
    entries: before.entries + 2,
  })
  expect(await storedFiles()).toEqual(filesBefore)
  const [item] = (await t.trpc(ada).generation.history.query({})).items
  expect(item).toMatchObject({ status: 'failed', charged: 0, media: [] })
  // The row keeps why: our failure, not the provider's (the details went to the log).
  const row = await t.db.prisma.generation.findUniqueOrThrow({ where: { id: item!.id }, select: { error: true } })
  expect(row.error).toBe(FAILED_GENERATION_ERROR)
}

describe('the media disk full', () => {
  it('speech: a clear error, refunded, no truncated file kept, and works once there is space', async () => {
    const asAda = t.trpc(ada)
    const before = await ledgerSnapshot(t.db.prisma, ada.user.id)
    const filesBefore = await storedFiles()
    disk.freeBytes = 100

    expect(await failureOf(asAda.generation.speech.mutate({ input: 'Hello', voice: 'alloy' }))).toEqual(GENERIC_FAILURE)
    expect(disk.refused).toBeGreaterThan(0)
    await expectNothingLeft(before, filesBefore)

    disk.freeBytes = Infinity
    const result = await asAda.generation.speech.mutate({ input: 'Hello', voice: 'alloy' })
    const served = await t.app.inject({ method: 'GET', url: result.audio.url, headers: ada.bearer })
    expect(served.statusCode).toBe(200)
    expect(await ledgerSnapshot(t.db.prisma, ada.user.id)).toMatchObject({ balance: before.balance - 1, media: 1 })
  })

  it('images: the disk filling up after the first of three deletes that one too, refunds all, then works', async () => {
    const asAda = t.trpc(ada)
    const first = await asAda.generation.image.mutate({ prompt: 'A fox', n: 1, quality: 'standard', style: 'Art' })
    const { bytes } = await t.db.prisma.storedMedia.findUniqueOrThrow({ where: { id: first.images[0]!.id } })
    const before = await ledgerSnapshot(t.db.prisma, ada.user.id)
    const filesBefore = await storedFiles()
    // Room for one image and a half: the second is cut short.
    disk.freeBytes = Math.floor(bytes * 1.5)

    const refusedBefore = disk.refused
    expect(
      await failureOf(asAda.generation.image.mutate({ prompt: 'A fox', n: 3, quality: 'standard', style: 'Art' })),
    ).toEqual(GENERIC_FAILURE)
    expect(disk.refused).toBe(refusedBefore + 1)
    await expectNothingLeft(before, filesBefore)

    disk.freeBytes = Infinity
    const result = await asAda.generation.image.mutate({ prompt: 'A fox', n: 3, quality: 'standard', style: 'Art' })
    for (const image of result.images) {
      expect((await t.app.inject({ method: 'GET', url: image.url, headers: ada.bearer })).statusCode).toBe(200)
    }
  })

  it('REST /api/v2/response/image: the generic error envelope, refunded, then works', async () => {
    const before = await ledgerSnapshot(t.db.prisma, ada.user.id)
    const filesBefore = await storedFiles()
    disk.freeBytes = 0
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/response/image',
        headers: ada.bearer,
        payload: { prompt: 'A fox', n: 1, quality: 'standard', style: 'Art' },
      })

    const res = await call()
    const twice = [GENERIC_FAILURE.message, GENERIC_FAILURE.message]
    expect(res.statusCode).toBe(500)
    const body = res.json<LegacyError>()
    expect([body.status, body.code, body.error, body.message]).toEqual(['error', GENERIC_FAILURE.code, ...twice])
    await expectNothingLeft(before, filesBefore)

    disk.freeBytes = Infinity
    expect((await call()).statusCode).toBe(200)
  })
})
