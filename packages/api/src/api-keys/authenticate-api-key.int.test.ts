import { describe, expect, it } from 'vitest'

import { generateApiKeySecret } from './api-key-secret.ts'
import { authenticateApiKey, LAST_USED_RESOLUTION_MS } from './authenticate-api-key.ts'
import { useApiKeyTestDatabase } from './testing/api-key-test-database.ts'

const frame = useApiKeyTestDatabase()

describe('authenticateApiKey', () => {
  it("answers the key's owner and scopes", async () => {
    const ada = await frame.newUser()
    const { key, apiKey } = await frame.caller(ada).apiKeys.create({ name: 'both', scopes: ['generate', 'read'] })
    const result = await authenticateApiKey(frame.db.prisma, key)
    expect(result).toMatchObject({
      ok: true,
      caller: { keyId: apiKey.id, scopes: ['read', 'generate'], user: { id: ada.id } },
    })
  })

  it('refuses an unknown key, a malformed one, and a key whose hash is presented instead of the key', async () => {
    const ada = await frame.newUser()
    const { key } = await frame.caller(ada).apiKeys.create({ name: 'script' })
    const [row] = await frame.db.prisma.apiKey.findMany({ where: { userId: ada.id } })
    for (const presented of [generateApiKeySecret().key, `${key}x`, key.slice(0, -1), 'prly_', row!.keyHash]) {
      expect(await authenticateApiKey(frame.db.prisma, presented)).toEqual({ ok: false, reason: 'unknown' })
    }
  })

  it('records the last use at most once a minute', async () => {
    const ada = await frame.newUser()
    const { key, apiKey } = await frame.caller(ada).apiKeys.create({ name: 'script' })
    const lastUsed = async () =>
      (await frame.db.prisma.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).lastUsedAt

    const start = new Date('2026-11-25T10:00:00Z')
    await authenticateApiKey(frame.db.prisma, key, start)
    expect(await lastUsed()).toEqual(start)
    await authenticateApiKey(frame.db.prisma, key, new Date(start.getTime() + LAST_USED_RESOLUTION_MS - 1))
    expect(await lastUsed()).toEqual(start)
    const later = new Date(start.getTime() + LAST_USED_RESOLUTION_MS)
    await authenticateApiKey(frame.db.prisma, key, later)
    expect(await lastUsed()).toEqual(later)
  })
})
