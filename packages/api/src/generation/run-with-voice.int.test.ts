import { beforeAll, describe, expect, it } from 'vitest'

import type { TextRequest } from '@promptly/ai/provider'
import { readPromptSections } from '@promptly/core/generation/prompt-sections'

import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { voiceDraft } from '../voices/testing/voice-fixtures.ts'
import { VOICE_NOT_FOUND } from '../voices/voice.schema.ts'
import { fakeAiProvider } from './testing/fake-ai-provider.ts'
import { useGenerationTestDatabase } from './testing/generation-test-database.ts'
import { bioValues, createGeneratorTool } from './testing/generator-tool.ts'

const frame = useGenerationTestDatabase()
let toolId: string

beforeAll(async () => {
  toolId = (await createGeneratorTool(frame.db.prisma)).id
})

function noting(requests: TextRequest[]) {
  return fakeAiProvider({
    async *stream(request) {
      requests.push(request)
      yield '<p>Written.</p>'
    },
  })
}

describe('generation.run with a brand voice', () => {
  it("puts the caller's voice in the prompt's voice section and keeps a copy with the generation", async () => {
    const ada = await frame.account('Ada')
    const voice = await frame.caller(ada).voices.create(voiceDraft())
    const requests: TextRequest[] = []
    const ai = noting(requests)
    let generationId = ''
    for await (const event of await frame
      .caller(ada, { ai })
      .generation.run({ toolId, groups: bioValues(), voiceId: voice.id }))
      if (event.type === 'done') generationId = event.generationId
    expect(readPromptSections(requests[0]!.system).voice).toMatchObject({
      name: 'Workshop',
      wordsToUse: ['handmade'],
      wordsToAvoid: ['cheap'],
    })
    // Edited and then deleted, the voice still shows in history as it was used.
    await frame.caller(ada).voices.update({ id: voice.id, voice: voiceDraft({ name: 'Renamed' }) })
    await frame.caller(ada).voices.delete({ id: voice.id })
    const { items } = await frame.caller(ada).generation.history({})
    expect(items.find((item) => item.id === generationId)?.voiceName).toBe('Workshop')
    expect((await frame.caller(ada).generation.get({ id: generationId })).voiceName).toBe('Workshop')
  })

  it('sends no voice section without a voice, and history says none', async () => {
    const bob = await frame.account('Bob')
    const requests: TextRequest[] = []
    for await (const event of await frame.caller(bob, { ai: noting(requests) }).generation.run({
      toolId,
      groups: bioValues(),
    }))
      void event
    expect(readPromptSections(requests[0]!.system).voice).toBeNull()
    expect((await frame.caller(bob).generation.history({})).items[0]?.voiceName).toBeNull()
  })

  it("is NOT_FOUND for another user's voice: nothing reserved, nothing sent", async () => {
    const cy = await frame.account('Cy', 5)
    const di = await frame.account('Di')
    const theirs = await frame.caller(di).voices.create(voiceDraft())
    const requests: TextRequest[] = []
    await expect(
      frame.caller(cy, { ai: noting(requests) }).generation.run({ toolId, groups: bioValues(), voiceId: theirs.id }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: VOICE_NOT_FOUND })
    expect(requests).toEqual([])
    expect(await balanceOf(frame.db.prisma, cy.id)).toBe(5)
  })
})
