import { describe, expect, it } from 'vitest'

import { authenticateApiKey } from './authenticate-api-key.ts'
import { API_KEY_NOT_FOUND } from './revoke.handler.ts'
import { useApiKeyTestDatabase } from './testing/api-key-test-database.ts'

const frame = useApiKeyTestDatabase()

describe('apiKeys.revoke', () => {
  it('stops the key from working, and revoking it again keeps the first revocation time', async () => {
    const ada = await frame.newUser()
    const { key, apiKey } = await frame.caller(ada).apiKeys.create({ name: 'script' })
    expect(await authenticateApiKey(frame.db.prisma, key)).toMatchObject({ ok: true })

    const first = await frame.caller(ada).apiKeys.revoke({ id: apiKey.id })
    expect(first.revokedAt).toBeInstanceOf(Date)
    expect(await authenticateApiKey(frame.db.prisma, key)).toEqual({ ok: false, reason: 'revoked' })

    const again = await frame.caller(ada).apiKeys.revoke({ id: apiKey.id })
    expect(again.revokedAt).toEqual(first.revokedAt)
  })

  it("answers NOT_FOUND for another user's key and leaves it working", async () => {
    const ada = await frame.newUser('Ada')
    const bob = await frame.newUser('Bob')
    const bobs = await frame.caller(bob).apiKeys.create({ name: "Bob's" })
    await expect(frame.caller(ada).apiKeys.revoke({ id: bobs.apiKey.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: API_KEY_NOT_FOUND,
    })
    expect(await authenticateApiKey(frame.db.prisma, bobs.key)).toMatchObject({ ok: true })
  })

  it('answers NOT_FOUND for an unknown id and BAD_REQUEST for one that is not an id', async () => {
    const caller = frame.caller(await frame.newUser())
    await expect(caller.apiKeys.revoke({ id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await expect(caller.apiKeys.revoke({ id: 'not-an-id' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })
})
