import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { AiProviderError } from '@promptly/ai/errors'
import { silentMp3 } from '@promptly/core/media/testing/mp3-fixtures'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../context.ts'
import { refundReservation } from '../credits/reservation/refund-reservation.ts'
import { expectLedgerMatchesBalance } from '../credits/testing/expect-ledger-matches-balance.ts'
import { balanceOf, userWithBalance } from '../credits/testing/users-with-credits.ts'
import type { MediaContentType } from '../storage/media-storage.ts'
import { MemoryMediaStorage } from '../storage/testing/memory-media-storage.ts'
import { testContext } from '../testing/test-caller.ts'
import { runOneShot } from './one-shot-generation.ts'
import { synthesizeSpeech } from './speech.handler.ts'
import { fakeAiProvider } from './testing/fake-ai-provider.ts'
import { transcribe } from './transcription.handler.ts'

let db: TestDatabase
const touched = new Set<string>()

beforeAll(async () => {
  db = await createTestDatabase()
})
afterEach(async () => {
  for (const userId of touched) await expectLedgerMatchesBalance(db.prisma, userId)
  touched.clear()
})
afterAll(() => db.close())

async function user(name: string, balance = 30): Promise<SignedInUser> {
  const id = await userWithBalance(db.prisma, name, balance)
  touched.add(id)
  return { ...(await db.prisma.user.findUniqueOrThrow({ where: { id } })), isAdmin: false }
}

/** A storage whose puts fail after `okPuts` successful ones. */
class FlakyStorage extends MemoryMediaStorage {
  constructor(private okPuts: number) {
    super()
  }
  override put(key: string, bytes: Uint8Array, contentType: MediaContentType): Promise<void> {
    if (this.okPuts <= 0) return Promise.reject(new Error('disk full'))
    this.okPuts -= 1
    return super.put(key, bytes, contentType)
  }
}

const speechAi = fakeAiProvider({
  speech: () => Promise.resolve({ audio: silentMp3(1), contentType: 'audio/mpeg', model: 'tts-1' }),
})

describe('runOneShot', () => {
  it('refunds and removes what was stored when storing a later file fails', async () => {
    const ada = await user('ada')
    const media = new FlakyStorage(1)
    const ctx = { ...testContext(db.prisma, ada, { ai: speechAi, media }), user: ada }
    const attempt = runOneShot({ ctx }, { kind: 'image', cost: 2, input: { prompt: 'x' } }, async (sink) => {
      await sink.store(Buffer.from('first'), 'image/jpeg')
      await sink.store(Buffer.from('second'), 'image/jpeg')
      return { output: '<p>x</p>', value: {} }
    })
    await expect(attempt).rejects.toThrow('disk full')
    expect(await balanceOf(db.prisma, ada.id)).toBe(30)
    expect(media.objects.size).toBe(0)
    expect(await db.prisma.storedMedia.count({ where: { userId: ada.id } })).toBe(0)
    // Our own failure: the row says so in user-safe words, not the storage's error.
    expect(await db.prisma.generation.findFirst({ where: { userId: ada.id, kind: 'image' } })).toMatchObject({
      status: 'failed',
      error: 'The generation failed; its credits were refunded.',
    })
  })

  it('reports no success (and keeps no media) when the reservation was refunded behind its back', async () => {
    const ada = await user('ada2')
    const media = new MemoryMediaStorage()
    const ctx = { ...testContext(db.prisma, ada, { ai: speechAi, media }), user: ada }
    const attempt = runOneShot({ ctx }, { kind: 'text_to_audio', cost: 1, input: {} }, async (sink) => {
      await sink.store(silentMp3(1), 'audio/mpeg')
      // What the sweeper does to a reservation it believes abandoned.
      const row = await db.prisma.generation.findFirstOrThrow({ where: { userId: ada.id, status: 'reserved' } })
      await refundReservation(db.prisma, row.id, { error: 'swept' })
      return { output: '<p>x</p>', value: {} }
    })
    await expect(attempt).rejects.toBeInstanceOf(AiProviderError)
    expect(await balanceOf(db.prisma, ada.id)).toBe(30)
    expect(media.objects.size).toBe(0)
  })

  it('records no tool when the catalogue has none of that kind (an unseeded database)', async () => {
    const ada = await user('ada3')
    const ctx = { ...testContext(db.prisma, ada, { ai: speechAi }), user: ada }
    const result = await synthesizeSpeech({ ctx, input: { input: 'Hi', voice: 'alloy' } })
    expect(await db.prisma.generation.findUniqueOrThrow({ where: { id: result.generationId } })).toMatchObject({
      toolId: null,
      kind: 'text_to_audio',
    })
  })

  it('refunds a cancelled call (the signal aborted while the provider worked)', async () => {
    const ada = await user('ada4')
    const leaving = new AbortController()
    const ai = fakeAiProvider({
      transcribe: () => {
        leaving.abort()
        return Promise.reject(new AiProviderError('cancelled'))
      },
    })
    const ctx = { ...testContext(db.prisma, ada, { ai }), user: ada }
    await expect(
      transcribe({ ctx, file: { bytes: silentMp3(1), fileName: 'a.mp3' }, signal: leaving.signal }),
    ).rejects.toMatchObject({ code: 'cancelled' })
    expect(await balanceOf(db.prisma, ada.id)).toBe(30)
    expect(await db.prisma.generation.findFirst({ where: { userId: ada.id } })).toMatchObject({
      status: 'failed',
      error: 'The generation was cancelled.',
    })
  })
})

describe('transcribe', () => {
  it('passes the bytes on with a plain .mp3 file name whatever the upload was called', async () => {
    const ada = await user('ada5')
    const seen: string[] = []
    const ai = fakeAiProvider({
      transcribe: (request) => {
        seen.push(request.fileName)
        return Promise.resolve({ text: 'hello', model: 'whisper-1' })
      },
    })
    const ctx = { ...testContext(db.prisma, ada, { ai }), user: ada }
    for (const fileName of ['../../etc/passwd', 'C:\\Users\\ada\\memo.m4a', '<script>.mp3', undefined]) {
      await transcribe({ ctx, file: { bytes: silentMp3(1), fileName } })
    }
    expect(seen).toEqual(['passwd.mp3', 'memo.mp3', 'script.mp3', 'audio.mp3'])
    expect(await balanceOf(db.prisma, ada.id)).toBe(26)
  })
})
