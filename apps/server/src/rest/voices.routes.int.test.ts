import { beforeAll, describe, expect, it } from 'vitest'

import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'
import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'
import { voiceDraft } from '@promptly/api/voices/testing/voice-fixtures'

import { createTestApiKey } from '../testing/test-api-keys.ts'
import { useTestApp } from '../testing/use-test-app.ts'

// Every account signed up through the frame has its ledger checked against its balance after each test.
const t = useTestApp({ env: { LOCAL_MODEL_CHUNK_DELAY_MS: '0', RATE_LIMIT_PER_MINUTE: '100000' } })
let toolId: string

beforeAll(async () => {
  toolId = (await createGeneratorTool(t.db.prisma)).id
})

/** A user with a saved voice, and a generate-only key of theirs (as a script holds). */
async function scriptOwner() {
  const owner = await t.signUp()
  // Voices are made on the profile page; stored directly here, as that page would store one.
  const voice = await t.db.prisma.brandVoice.create({ data: { ...voiceDraft(), userId: owner.user.id } })
  const key = await createTestApiKey(t.app, owner, ['generate'])
  return { owner, voice, key }
}

function generate(key: { authorization: string }, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/v2/objects/getResponseOfObject/${toolId}`, headers: key, payload })
}

describe('brand voices and variants over REST, with an API key', () => {
  it('lists the key owner’s voices with a generate-only key', async () => {
    const { voice, key } = await scriptOwner()
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/voices', headers: key })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      status: 'OK',
      data: { voices: [{ id: voice.id, name: 'Workshop', wordsToAvoid: ['cheap'] }], pickedId: null, limit: 10 },
    })
  })

  it('answers n=3 with three outputs, each its own generation, and charges 3', async () => {
    const { owner, voice, key } = await scriptOwner()
    const before = await balanceOf(t.db.prisma, owner.user.id)
    const res = await generate(key, { groups: bioValues(), n: 3, voiceId: voice.id })
    expect(res.statusCode).toBe(200)
    const entries = JSON.parse(res.json<{ data: string }>().data) as { output: string; generationId: string }[]
    expect(entries).toHaveLength(3)
    expect(new Set(entries.map((entry) => entry.generationId)).size).toBe(3)
    for (const entry of entries) expect(entry.output).toMatch(/^<p>/)
    expect(await balanceOf(t.db.prisma, owner.user.id)).toBe(before - 3)
    const rows = await t.db.prisma.generation.findMany({ where: { id: { in: entries.map((e) => e.generationId) } } })
    expect(rows.map((row) => (row.voice as { name?: string } | null)?.name)).toEqual([
      'Workshop',
      'Workshop',
      'Workshop',
    ])
  })

  it("is 404 for another user's voiceId, and charges nothing", async () => {
    const { key, owner } = await scriptOwner()
    const stranger = await scriptOwner()
    const before = await balanceOf(t.db.prisma, owner.user.id)
    const res = await generate(key, { groups: bioValues(), voiceId: stranger.voice.id })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ status: 'error', error: 'Brand voice not found' })
    expect(await balanceOf(t.db.prisma, owner.user.id)).toBe(before)
  })

  it('refuses n outside 1 to 3 with a 400 naming the limit', async () => {
    const { key } = await scriptOwner()
    const res = await generate(key, { groups: bioValues(), n: 4 })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ error: string }>().error).toContain('at most 3 variants')
  })
})
