import { describe, expect, it } from 'vitest'

import { useGenerationTestDatabase } from '../generation/testing/generation-test-database.ts'
import { voiceDraft } from './testing/voice-fixtures.ts'
import { duplicateVoiceNameMessage } from './voice-limit.ts'
import { VOICE_NOT_FOUND } from './voice.schema.ts'

const frame = useGenerationTestDatabase()

describe('voices.update', () => {
  it("replaces what the owner's voice says", async () => {
    const ada = await frame.account('Ada')
    const { id } = await frame.caller(ada).voices.create(voiceDraft())
    const updated = await frame
      .caller(ada)
      .voices.update({ id, voice: voiceDraft({ tone: 'Playful', wordsToAvoid: ['cheap', 'bargain'] }) })
    expect(updated).toMatchObject({ id, tone: 'Playful', wordsToAvoid: ['cheap', 'bargain'] })
  })

  it("is NOT_FOUND for another user's voice and changes nothing; CONFLICT for a name in use", async () => {
    const ada = await frame.account('Ada 2')
    const bob = await frame.account('Bob')
    const { id } = await frame.caller(ada).voices.create(voiceDraft())
    await expect(frame.caller(bob).voices.update({ id, voice: voiceDraft({ name: 'Stolen' }) })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: VOICE_NOT_FOUND,
    })
    expect((await frame.db.prisma.brandVoice.findUniqueOrThrow({ where: { id } })).name).toBe('Workshop')
    const other = await frame.caller(ada).voices.create(voiceDraft({ name: 'Other' }))
    await expect(
      frame.caller(ada).voices.update({ id: other.id, voice: voiceDraft({ name: 'Workshop' }) }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: duplicateVoiceNameMessage('Workshop') })
  })
})
