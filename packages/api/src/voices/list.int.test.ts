import { describe, expect, it } from 'vitest'

import { DEFAULT_BRAND_VOICE_LIMIT } from '@promptly/core/voices/brand-voice'

import { useGenerationTestDatabase } from '../generation/testing/generation-test-database.ts'
import { voiceDraft } from './testing/voice-fixtures.ts'

const frame = useGenerationTestDatabase()

describe('voices.list', () => {
  it("lists the caller's voices by name, never another user's, with the limit and the pick", async () => {
    const ada = await frame.account('Ada')
    const bob = await frame.account('Bob')
    await frame.caller(ada).voices.create(voiceDraft({ name: 'Zine' }))
    const atelier = await frame.caller(ada).voices.create(voiceDraft({ name: 'Atelier' }))
    await frame.caller(bob).voices.create(voiceDraft({ name: 'Bob voice' }))
    await frame.caller(ada).voices.pick({ id: atelier.id })
    const listed = await frame.caller(ada).voices.list()
    expect(listed.voices.map((voice) => voice.name)).toEqual(['Atelier', 'Zine'])
    expect(listed).toMatchObject({ pickedId: atelier.id, limit: DEFAULT_BRAND_VOICE_LIMIT })
    expect((await frame.caller(bob).voices.list()).voices.map((voice) => voice.name)).toEqual(['Bob voice'])
    await expect(frame.caller(null).voices.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})
