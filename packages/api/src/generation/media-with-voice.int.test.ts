import { describe, expect, it } from 'vitest'

import type { ImageRequest, TextRequest } from '@promptly/ai/provider'
import { PARAPHRASE_INSTRUCTION } from '@promptly/core/generation/media'
import { readPromptSections } from '@promptly/core/generation/prompt-sections'

import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { voiceDraft } from '../voices/testing/voice-fixtures.ts'
import { VOICE_NOT_FOUND } from '../voices/voice.schema.ts'
import { fakeAiProvider } from './testing/fake-ai-provider.ts'
import { useGenerationTestDatabase } from './testing/generation-test-database.ts'

const frame = useGenerationTestDatabase()

/** A 1x1 PNG, as an image model answers in base64. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

function noting(texts: TextRequest[], images: ImageRequest[]) {
  return fakeAiProvider({
    async *stream(request) {
      texts.push(request)
      yield 'Said again.'
    },
    images: async (request) => {
      images.push(request)
      return {
        model: 'fake-image',
        images: Array.from({ length: request.n }, () => ({ base64: PIXEL, url: null, revisedPrompt: null })),
      }
    },
  })
}

describe('a brand voice on the paraphrase and image tools', () => {
  it('paraphrase: the voice follows the fixed instruction as its own section; history keeps it', async () => {
    const ada = await frame.account('Ada')
    const voice = await frame.caller(ada).voices.create(voiceDraft())
    const texts: TextRequest[] = []
    const answer = await frame
      .caller(ada, { ai: noting(texts, []) })
      .generation.paraphrase({ prompt: 'Say it again.', voiceId: voice.id })
    const system = texts[0]!.system
    expect(system.startsWith(`${PARAPHRASE_INSTRUCTION}\n\n`)).toBe(true)
    expect(readPromptSections(system).voice).toMatchObject({ name: 'Workshop', wordsToAvoid: ['cheap'] })
    expect((await frame.caller(ada).generation.get({ id: answer.generationId })).voiceName).toBe('Workshop')
  })

  it('paraphrase without a voice sends the fixed instruction alone', async () => {
    const bob = await frame.account('Bob')
    const texts: TextRequest[] = []
    await frame.caller(bob, { ai: noting(texts, []) }).generation.paraphrase({ prompt: 'Say it again.' })
    expect(texts[0]!.system).toBe(PARAPHRASE_INSTRUCTION)
  })

  it("image: the voice's tone and words to use become style words", async () => {
    const cy = await frame.account('Cy')
    const voice = await frame.caller(cy).voices.create(voiceDraft({ tone: 'Warm', wordsToUse: ['handmade', 'clay'] }))
    const images: ImageRequest[] = []
    const answer = await frame
      .caller(cy, { ai: noting([], images) })
      .generation.image({ prompt: 'A mug on a shelf', n: 1, quality: 'standard', voiceId: voice.id })
    expect(images[0]!.prompt).toBe('A mug on a shelf\nStyle: Professional.\nLook: Warm, handmade, clay.')
    expect((await frame.caller(cy).generation.get({ id: answer.generationId })).voiceName).toBe('Workshop')
  })

  it("is NOT_FOUND for another user's voice on either tool, and charges nothing", async () => {
    const di = await frame.account('Di', 5)
    const ed = await frame.account('Ed')
    const theirs = await frame.caller(ed).voices.create(voiceDraft())
    const texts: TextRequest[] = []
    const images: ImageRequest[] = []
    const caller = frame.caller(di, { ai: noting(texts, images) })
    const refused = { code: 'NOT_FOUND', message: VOICE_NOT_FOUND }
    await expect(caller.generation.paraphrase({ prompt: 'Hello', voiceId: theirs.id })).rejects.toMatchObject(refused)
    await expect(
      caller.generation.image({ prompt: 'A fox', n: 1, quality: 'standard', voiceId: theirs.id }),
    ).rejects.toMatchObject(refused)
    expect([texts.length, images.length]).toEqual([0, 0])
    expect(await balanceOf(frame.db.prisma, di.id)).toBe(5)
  })
})
