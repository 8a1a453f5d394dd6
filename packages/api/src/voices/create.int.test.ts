import { describe, expect, it } from 'vitest'

import { useGenerationTestDatabase } from '../generation/testing/generation-test-database.ts'
import { voiceDraft } from './testing/voice-fixtures.ts'
import { duplicateVoiceNameMessage, voiceLimitMessage } from './voice-limit.ts'

const frame = useGenerationTestDatabase()

describe('voices.create', () => {
  it('saves the voice as its owner wrote it, trimmed and with repeats dropped', async () => {
    const ada = await frame.account('Ada')
    const saved = await frame
      .caller(ada)
      .voices.create(voiceDraft({ name: ' Workshop ', wordsToUse: ['hand', 'Hand'] }))
    expect(saved).toMatchObject({ name: 'Workshop', wordsToUse: ['hand'], wordsToAvoid: ['cheap'], tone: 'Warm' })
    expect(await frame.db.prisma.brandVoice.count({ where: { userId: ada.id } })).toBe(1)
  })

  it('refuses a second voice of the same name with CONFLICT', async () => {
    const bob = await frame.account('Bob')
    await frame.caller(bob).voices.create(voiceDraft())
    await expect(frame.caller(bob).voices.create(voiceDraft())).rejects.toMatchObject({
      code: 'CONFLICT',
      message: duplicateVoiceNameMessage('Workshop'),
    })
    // Another user may use the same name.
    const cy = await frame.account('Cy')
    await expect(frame.caller(cy).voices.create(voiceDraft())).resolves.toMatchObject({ name: 'Workshop' })
  })

  it('holds BRAND_VOICE_LIMIT under concurrent creations', async () => {
    const di = await frame.account('Di')
    const limited = frame.caller(di, { brandVoiceLimit: 3 })
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) => limited.voices.create(voiceDraft({ name: `Voice ${index}` }))),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3)
    for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected'))
      expect(outcome.reason).toMatchObject({ code: 'CONFLICT', message: voiceLimitMessage(3) })
    expect(await frame.db.prisma.brandVoice.count({ where: { userId: di.id } })).toBe(3)
  })

  it('refuses bad input with BAD_REQUEST and signed-out callers with UNAUTHORIZED', async () => {
    const ed = await frame.account('Ed')
    await expect(frame.caller(ed).voices.create(voiceDraft({ name: '' }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    })
    await expect(
      frame.caller(ed).voices.create(voiceDraft({ wordsToUse: ['cheap'], wordsToAvoid: ['Cheap'] })),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(frame.caller(null).voices.create(voiceDraft())).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})
