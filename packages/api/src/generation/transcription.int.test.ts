import { describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES, AiProviderError } from '@promptly/ai/errors'
import type { TranscriptionRequest } from '@promptly/ai/provider'
import { MEDIA_MESSAGES } from '@promptly/core/generation/media-options'
import { silentMp3 } from '@promptly/core/media/testing/mp3-fixtures'

import type { SignedInUser } from '../context.ts'
import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { testContext } from '../testing/test-caller.ts'
import { fakeAiProvider } from './testing/fake-ai-provider.ts'
import { useGenerationTestDatabase } from './testing/generation-test-database.ts'
import { NO_SPEECH_FOUND, transcribe } from './transcription.handler.ts'

/**
 * Transcription takes a multipart upload, so it is a REST route, not a procedure: these tests call
 * the handler the route calls, with the context a signed-in request gets (the route refuses others).
 */
const frame = useGenerationTestDatabase()

function hearing(text: string, requests: TranscriptionRequest[] = []) {
  return fakeAiProvider({
    transcribe: (request) => {
      requests.push(request)
      return Promise.resolve({ text, model: 'whisper-1' })
    },
  })
}

const contextOf = (user: SignedInUser, ai = hearing('unused')) => ({
  ...testContext(frame.db.prisma, user, { ai }),
  user,
})

describe('transcribe', () => {
  it("answers the audio's text, charges one credit and keeps the transcript in history", async () => {
    const ada = await frame.account('ada')
    const requests: TranscriptionRequest[] = []
    const audio = silentMp3(2)
    const answer = await transcribe({
      ctx: contextOf(ada, hearing('  Hello there.\nSecond line  ', requests)),
      file: { bytes: audio, fileName: 'memo.mp3' },
    })
    expect(answer).toMatchObject({ text: 'Hello there.\nSecond line', creditsLeft: 29 })
    expect(requests).toMatchObject([{ fileName: 'memo.mp3', contentType: 'audio/mpeg' }])
    expect(requests[0]?.audio.byteLength).toBe(audio.byteLength)
    expect(await frame.db.prisma.generation.findUniqueOrThrow({ where: { id: answer.generationId } })).toMatchObject({
      userId: ada.id,
      kind: 'transcription',
      status: 'succeeded',
      credits: 1,
      model: 'whisper-1',
      input: { fileName: 'memo.mp3', bytes: audio.byteLength },
      output: '<p>Hello there.</p><p>Second line</p>',
    })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(29)
  })

  it('refuses an empty file, bytes that are not MP3 and too long an audio, charging and calling nothing', async () => {
    const ada = await frame.account('ada-refused')
    const requests: TranscriptionRequest[] = []
    const ctx = contextOf(ada, hearing('never', requests))
    const refusal = (bytes: Uint8Array) => transcribe({ ctx, file: { bytes, fileName: 'a.mp3' } })
    await expect(refusal(new Uint8Array())).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: MEDIA_MESSAGES.noAudioFile,
    })
    await expect(refusal(Buffer.from('ID4 not audio at all'))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: MEDIA_MESSAGES.notMp3,
    })
    await expect(refusal(silentMp3(10 * 60 + 5))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: MEDIA_MESSAGES.audioTooLong,
    })
    expect(requests).toEqual([])
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
    expect(await frame.db.prisma.generation.count({ where: { userId: ada.id } })).toBe(0)
  })

  it('refunds audio with no words in it, saying so, and a provider failure', async () => {
    const ada = await frame.account('ada-silence')
    const file = { bytes: silentMp3(1), fileName: 'quiet.mp3' }
    await expect(transcribe({ ctx: contextOf(ada, hearing('  \n ')), file })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: NO_SPEECH_FOUND,
    })
    const down = fakeAiProvider({ transcribe: () => Promise.reject(new AiProviderError('rate_limited')) })
    await expect(transcribe({ ctx: contextOf(ada, down), file })).rejects.toMatchObject({
      message: AI_ERROR_MESSAGES.rate_limited,
    })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
    expect(await frame.db.prisma.generation.findMany({ where: { userId: ada.id }, select: { status: true } })).toEqual([
      { status: 'failed' },
      { status: 'failed' },
    ])
  })

  it('answers PAYMENT_REQUIRED with no credits left, and calls no provider', async () => {
    const ada = await frame.account('ada-broke', 0)
    const requests: TranscriptionRequest[] = []
    await expect(
      transcribe({ ctx: contextOf(ada, hearing('x', requests)), file: { bytes: silentMp3(1) } }),
    ).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' })
    expect(requests).toEqual([])
  })

  it("keeps a transcript to its owner: another user's history and get see nothing of it", async () => {
    const ada = await frame.account('ada-owner')
    const bob = await frame.account('bob')
    const { generationId } = await transcribe({ ctx: contextOf(ada, hearing('Mine')), file: { bytes: silentMp3(1) } })
    expect((await frame.caller(bob).generation.history({})).items).toEqual([])
    await expect(frame.caller(bob).generation.get({ id: generationId })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
