import { describe, expect, it } from 'vitest'

import { useGenerationTestDatabase } from '../generation/testing/generation-test-database.ts'
import { voiceDraft } from './testing/voice-fixtures.ts'

const frame = useGenerationTestDatabase()

describe('voices.pick', () => {
  it('remembers the pick, and none', async () => {
    const ada = await frame.account('Ada')
    const { id } = await frame.caller(ada).voices.create(voiceDraft())
    expect(await frame.caller(ada).voices.pick({ id })).toEqual({ pickedId: id })
    expect((await frame.caller(ada).voices.list()).pickedId).toBe(id)
    expect(await frame.caller(ada).voices.pick({ id: null })).toEqual({ pickedId: null })
    expect((await frame.caller(ada).voices.list()).pickedId).toBeNull()
  })

  it("is NOT_FOUND for another user's voice, and keeps the pick as it was", async () => {
    const ada = await frame.account('Ada 2')
    const bob = await frame.account('Bob')
    const mine = await frame.caller(bob).voices.create(voiceDraft({ name: 'Mine' }))
    await frame.caller(bob).voices.pick({ id: mine.id })
    const { id } = await frame.caller(ada).voices.create(voiceDraft())
    await expect(frame.caller(bob).voices.pick({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect((await frame.caller(bob).voices.list()).pickedId).toBe(mine.id)
  })
})
