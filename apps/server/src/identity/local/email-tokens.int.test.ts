import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { consumeEmailToken, findUsableEmailToken, issueEmailToken } from './email-tokens.ts'

let db: TestDatabase
let userId: string
const email = 'clock@example.test'

beforeAll(async () => {
  db = await createTestDatabase()
  const user = await db.prisma.user.create({ data: { clerkId: 'local_clock', name: 'Clock', email, imageUrl: '' } })
  userId = user.id
})
afterAll(() => db.close())

const at = (iso: string) => new Date(iso)

describe('e-mail link tokens on an injected clock', () => {
  it('a verification link works until 24 hours after it was made, and not a millisecond after', async () => {
    const issued = at('2030-01-01T10:00:00.000Z')
    const token = await issueEmailToken(db.prisma, { userId, purpose: 'verify_email', email }, issued)
    expect(await findUsableEmailToken(db.prisma, token, 'verify_email', at('2030-01-02T09:59:59.999Z'))).not.toBeNull()
    expect(await findUsableEmailToken(db.prisma, token, 'verify_email', at('2030-01-02T10:00:00.000Z'))).toBeNull()
  })

  it('a reset link works for 1 hour, only for its purpose, and only once', async () => {
    const issued = at('2030-01-01T10:00:00.000Z')
    const token = await issueEmailToken(db.prisma, { userId, purpose: 'reset_password', email }, issued)
    const inTime = at('2030-01-01T10:59:00.000Z')
    expect(await findUsableEmailToken(db.prisma, token, 'verify_email', inTime)).toBeNull()
    expect(await findUsableEmailToken(db.prisma, token, 'reset_password', at('2030-01-01T11:00:00.000Z'))).toBeNull()
    const found = await findUsableEmailToken(db.prisma, token, 'reset_password', inTime)
    expect(found?.userId).toBe(userId)

    const spent = await db.prisma.$transaction(async (tx) => [
      await consumeEmailToken(tx, found?.id ?? '', inTime),
      await consumeEmailToken(tx, found?.id ?? '', inTime),
    ])
    expect(spent).toEqual([true, false])
    expect(await findUsableEmailToken(db.prisma, token, 'reset_password', inTime)).toBeNull()
  })

  it('refuses malformed tokens without a lookup', async () => {
    for (const token of ['', 'short', `${'a'.repeat(43)}/`, '../'.repeat(15)]) {
      expect(await findUsableEmailToken(db.prisma, token, 'verify_email')).toBeNull()
    }
  })
})
