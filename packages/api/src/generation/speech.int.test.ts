import { describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES } from '@promptly/ai/errors'
import type { SpeechRequest } from '@promptly/ai/provider'
import { silentMp3 } from '@promptly/core/media/testing/mp3-fixtures'

import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { MemoryMediaStorage } from '../storage/testing/memory-media-storage.ts'
import { fakeAiProvider } from './testing/fake-ai-provider.ts'
import { useGenerationTestDatabase } from './testing/generation-test-database.ts'

const frame = useGenerationTestDatabase()

/** A provider reading any text aloud as `audio` (a second of silent MP3 unless given). */
function reading(audio: Uint8Array = silentMp3(1), requests: SpeechRequest[] = []) {
  return fakeAiProvider({
    speech: (request) => {
      requests.push(request)
      return Promise.resolve({ audio, contentType: 'audio/mpeg', model: 'tts-1' })
    },
  })
}

describe('generation.speech', () => {
  it('stores the MP3 for its owner, charges one credit and keeps the text spoken in history', async () => {
    const ada = await frame.account('ada')
    const media = new MemoryMediaStorage()
    const requests: SpeechRequest[] = []
    const audio = silentMp3(1)
    const answer = await frame
      .caller(ada, { ai: reading(audio, requests), media })
      .generation.speech({ input: 'Hello <there>', voice: 'nova' })

    expect(answer).toMatchObject({ creditsLeft: 29, audio: { contentType: 'audio/mpeg' } })
    expect(answer.audio.url).toBe(`/media/${answer.audio.id}`)
    expect(requests).toMatchObject([{ input: 'Hello <there>', voice: 'nova' }])
    expect([...media.objects.values()]).toEqual([{ bytes: Uint8Array.from(audio), contentType: 'audio/mpeg' }])
    expect(await frame.db.prisma.storedMedia.findUniqueOrThrow({ where: { id: answer.audio.id } })).toMatchObject({
      userId: ada.id,
      generationId: answer.generationId,
    })
    expect(await frame.db.prisma.generation.findUniqueOrThrow({ where: { id: answer.generationId } })).toMatchObject({
      kind: 'text_to_audio',
      status: 'succeeded',
      credits: 1,
      model: 'tts-1',
      input: { input: 'Hello <there>', voice: 'nova' },
      output: '<p>Hello &lt;there&gt;</p>',
    })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(29)
  })

  it('refunds an answer that is not an MP3 and stores nothing', async () => {
    const ada = await frame.account('ada-not-mp3')
    const media = new MemoryMediaStorage()
    const ai = reading(Buffer.from('RIFF....WAVEfmt '))
    await expect(
      frame.caller(ada, { ai, media }).generation.speech({ input: 'Hi', voice: 'alloy' }),
    ).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: AI_ERROR_MESSAGES.unavailable,
    })
    expect(media.objects.size).toBe(0)
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
  })

  it('refuses empty text, an unknown voice, a signed-out caller and no credits, calling no provider', async () => {
    const ada = await frame.account('ada-refused')
    const requests: SpeechRequest[] = []
    const asAda = frame.caller(ada, { ai: reading(undefined, requests) }).generation
    await expect(asAda.speech({ input: ' ', voice: 'alloy' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(asAda.speech({ input: 'Hi', voice: 'robot' as 'alloy' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    })
    await expect(
      frame.caller(null, { ai: reading(undefined, requests) }).generation.speech({ input: 'Hi', voice: 'alloy' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    const broke = await frame.account('broke', 0)
    await expect(
      frame.caller(broke, { ai: reading(undefined, requests) }).generation.speech({ input: 'Hi', voice: 'alloy' }),
    ).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' })
    expect(requests).toEqual([])
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(30)
  })

  it("keeps the audio to its owner: another user's history and get see nothing of it", async () => {
    const ada = await frame.account('ada-owner')
    const bob = await frame.account('bob')
    const { generationId } = await frame
      .caller(ada, { ai: reading() })
      .generation.speech({ input: 'Mine', voice: 'alloy' })
    expect((await frame.caller(bob).generation.history({})).items).toEqual([])
    await expect(frame.caller(bob).generation.get({ id: generationId })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
