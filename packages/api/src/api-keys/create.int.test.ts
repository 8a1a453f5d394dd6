import { describe, expect, it } from 'vitest'

import { callerFor } from '../testing/test-caller.ts'
import { hashApiKey } from './api-key-secret.ts'
import { MAX_ACTIVE_API_KEYS } from './api-key.schema.ts'
import { TOO_MANY_KEYS_MESSAGE } from './create.handler.ts'
import { useApiKeyTestDatabase } from './testing/api-key-test-database.ts'

const frame = useApiKeyTestDatabase()

describe('apiKeys.create', () => {
  it('answers the full key once and stores only its SHA-256 hash and a 12-character prefix', async () => {
    const ada = await frame.newUser()
    const { key, apiKey } = await frame
      .caller(ada)
      .apiKeys.create({ name: '  Nightly report  ', scopes: ['read', 'generate'] })
    expect(key).toMatch(/^prly_[A-Za-z0-9_-]{43}$/)
    expect(apiKey).toMatchObject({
      name: 'Nightly report',
      prefix: key.slice(0, 12),
      scopes: ['read', 'generate'],
      lastUsedAt: null,
    })

    const [row] = await frame.db.prisma.$queryRaw<
      Record<string, unknown>[]
    >`SELECT * FROM api_keys WHERE user_id = ${ada.id}::uuid`
    expect(row).toMatchObject({ key_hash: hashApiKey(key), prefix: key.slice(0, 12) })
    expect(JSON.stringify(row)).not.toContain(key)
    expect(JSON.stringify(await frame.caller(ada).apiKeys.list())).not.toContain(key)
  })

  it('gives a new key read only unless asked for more, and every key differs', async () => {
    const ada = await frame.newUser()
    const first = await frame.caller(ada).apiKeys.create({ name: 'reader' })
    const second = await frame.caller(ada).apiKeys.create({ name: 'reader', scopes: ['generate', 'generate'] })
    expect(first.apiKey.scopes).toEqual(['read'])
    expect(second.apiKey.scopes).toEqual(['generate'])
    expect(first.key).not.toBe(second.key)
  })

  it.each([
    ['an empty name', { name: '   ', scopes: ['read'] }],
    ['a name over 60 characters', { name: 'x'.repeat(61), scopes: ['read'] }],
    ['a name with a control character', { name: 'a\u0000b', scopes: ['read'] }],
    ['no scope', { name: 'none', scopes: [] }],
    ['an unknown scope', { name: 'admin', scopes: ['admin'] }],
  ])('refuses %s with BAD_REQUEST and stores nothing', async (_case, input) => {
    const ada = await frame.newUser()
    // @ts-expect-error: the point is input the schema refuses
    await expect(frame.caller(ada).apiKeys.create(input)).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    expect(await frame.db.prisma.apiKey.count({ where: { userId: ada.id } })).toBe(0)
  })

  it(`refuses an ${MAX_ACTIVE_API_KEYS + 1}th active key with CONFLICT, and one more after revoking one`, async () => {
    const ada = await frame.newUser()
    const caller = frame.caller(ada)
    const keys = []
    for (let index = 0; index < MAX_ACTIVE_API_KEYS; index++)
      keys.push(await caller.apiKeys.create({ name: `key ${index}` }))
    await expect(caller.apiKeys.create({ name: 'one more' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: TOO_MANY_KEYS_MESSAGE,
    })

    await caller.apiKeys.revoke({ id: keys[0]!.apiKey.id })
    await expect(caller.apiKeys.create({ name: 'replacement' })).resolves.toMatchObject({
      apiKey: { name: 'replacement' },
    })
    // Another user's keys never count against Ada's limit.
    await expect(frame.caller(await frame.newUser('Bob')).apiKeys.create({ name: 'bob' })).resolves.toMatchObject({
      apiKey: { name: 'bob' },
    })
  })

  it('keeps the limit when many creations race (the user row is locked while counting)', async () => {
    const ada = await frame.newUser()
    const caller = frame.caller(ada)
    const attempts = await Promise.allSettled(
      Array.from({ length: MAX_ACTIVE_API_KEYS + 4 }, (_, index) => caller.apiKeys.create({ name: `racer ${index}` })),
    )
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(MAX_ACTIVE_API_KEYS)
    const refused = attempts.filter((attempt) => attempt.status === 'rejected')
    expect(refused.map((attempt) => (attempt.reason as { code: string }).code)).toEqual([
      'CONFLICT',
      'CONFLICT',
      'CONFLICT',
      'CONFLICT',
    ])
    expect(await frame.db.prisma.apiKey.count({ where: { userId: ada.id } })).toBe(MAX_ACTIVE_API_KEYS)
  })

  it('refuses a signed-out caller', async () => {
    await expect(callerFor(frame.db.prisma, null).apiKeys.create({ name: 'x' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    })
  })
})
