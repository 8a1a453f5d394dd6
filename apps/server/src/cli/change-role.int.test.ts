import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { changeRole, describeRoleChange, NoAccountError } from './change-role.ts'

let db: TestDatabase

beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

async function userWith(email: string, name = 'Ada') {
  const clerkId = `local_${randomUUID()}`
  return db.prisma.user.create({ data: { clerkId, name, email, imageUrl: '' } })
}

const roleOf = async (id: string) => (await db.prisma.user.findUniqueOrThrow({ where: { id } })).role
const auditOf = (targetUserId: string) =>
  db.prisma.auditEntry.findMany({ where: { targetUserId }, orderBy: { createdAt: 'asc' } })

describe('changeRole', () => {
  it('grants the admin role to the account with the address, whatever its letter case, and audits it', async () => {
    const ada = await userWith('Ada.Grant@Example.com')
    const change = await changeRole(db.prisma, { action: 'grant', email: 'ada.grant@example.com' })
    expect(await roleOf(ada.id)).toBe('admin')
    expect(describeRoleChange('ada.grant@example.com', change)).toBe(
      'Granted admin to ada.grant@example.com (1 account: Ada).',
    )
    expect(await auditOf(ada.id)).toMatchObject([
      {
        actorId: null,
        action: 'role.grant',
        details: { via: 'cli', email: 'ada.grant@example.com', previousRole: 'user' },
      },
    ])
  })

  it('revokes it, and changes every account that has the address', async () => {
    const local = await userWith('shared@example.com', 'Local Ada')
    const clerk = await userWith('shared@example.com', 'Clerk Ada')
    await changeRole(db.prisma, { action: 'grant', email: 'shared@example.com' })
    const change = await changeRole(db.prisma, { action: 'revoke', email: 'shared@example.com' })
    expect(describeRoleChange('shared@example.com', change)).toBe(
      'Revoked admin from shared@example.com (2 accounts: Local Ada, Clerk Ada).',
    )
    expect([await roleOf(local.id), await roleOf(clerk.id)]).toEqual(['user', 'user'])
    expect((await auditOf(clerk.id)).map((entry) => entry.action)).toEqual(['role.grant', 'role.revoke'])
  })

  it('fails, changing and auditing nothing, when no account has the address', async () => {
    const before = await db.prisma.auditEntry.count()
    await expect(changeRole(db.prisma, { action: 'grant', email: 'nobody@example.com' })).rejects.toThrow(
      NoAccountError,
    )
    expect(await db.prisma.auditEntry.count()).toBe(before)
  })
})
