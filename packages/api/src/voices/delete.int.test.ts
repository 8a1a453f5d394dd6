import { describe, expect, it } from 'vitest'

import { useGenerationTestDatabase } from '../generation/testing/generation-test-database.ts'
import { voiceDraft } from './testing/voice-fixtures.ts'

const frame = useGenerationTestDatabase()

describe('voices.delete', () => {
  it('deletes the owner’s voice and forgets a pick of it', async () => {
    const ada = await frame.account('Ada')
    const { id } = await frame.caller(ada).voices.create(voiceDraft())
    await frame.caller(ada).voices.pick({ id })
    expect(await frame.caller(ada).voices.delete({ id })).toEqual({ id, deleted: true })
    expect(await frame.caller(ada).voices.list()).toMatchObject({ voices: [], pickedId: null })
  })

  it("is NOT_FOUND for another user's voice, and deletes nothing", async () => {
    const ada = await frame.account('Ada 2')
    const bob = await frame.account('Bob')
    const { id } = await frame.caller(ada).voices.create(voiceDraft())
    await expect(frame.caller(bob).voices.delete({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await frame.db.prisma.brandVoice.count({ where: { id } })).toBe(1)
  })
})
