import { describe, expect, it } from 'vitest'

import { useApiKeyTestDatabase } from './testing/api-key-test-database.ts'

const frame = useApiKeyTestDatabase()

describe('apiKeys.list', () => {
  it("answers the caller's active keys, newest first, never another user's, without hash or key", async () => {
    const ada = await frame.newUser('Ada')
    const bob = await frame.newUser('Bob')
    const older = await frame.caller(ada).apiKeys.create({ name: 'older' })
    const newer = await frame.caller(ada).apiKeys.create({ name: 'newer', scopes: ['read', 'generate'] })
    const revoked = await frame.caller(ada).apiKeys.create({ name: 'revoked' })
    await frame.caller(ada).apiKeys.revoke({ id: revoked.apiKey.id })
    await frame.caller(bob).apiKeys.create({ name: "Bob's" })

    const listed = await frame.caller(ada).apiKeys.list()
    expect(listed.map((key) => key.name)).toEqual(['newer', 'older'])
    expect(listed[0]).toEqual(newer.apiKey)
    expect(Object.keys(listed[1]!).sort()).toEqual([
      'createdAt',
      'id',
      'lastUsedAt',
      'name',
      'prefix',
      'revokedAt',
      'scopes',
    ])
    expect(JSON.stringify(listed)).not.toContain(older.key.slice(12))
    expect((await frame.caller(bob).apiKeys.list()).map((key) => key.name)).toEqual(["Bob's"])
  })
})
