import { TRPCError } from '@trpc/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { recordAudit } from '../audit/record-audit.ts'
import type { SignedInUser } from '../context.ts'
import { callerFor, createTestUser } from '../testing/test-caller.ts'

let db: TestDatabase
let admin: SignedInUser
let ada: SignedInUser
let bob: SignedInUser

beforeAll(async () => {
  db = await createTestDatabase()
  admin = { ...(await createTestUser(db.prisma, 'Admin')), isAdmin: true }
  ada = await createTestUser(db.prisma, 'Ada')
  bob = await createTestUser(db.prisma, 'Bob')
})
afterAll(() => db.close())

async function codeOf(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  return error instanceof TRPCError ? error.code : `not a TRPCError: ${String(error)}`
}

describe('admin.audit.list', () => {
  it('is refused to a signed-in user who is not an admin (FORBIDDEN) and to a visitor (UNAUTHORIZED)', async () => {
    expect(await codeOf(callerFor(db.prisma, ada).admin.audit.list({}))).toBe('FORBIDDEN')
    expect(await codeOf(callerFor(db.prisma, null).admin.audit.list({}))).toBe('UNAUTHORIZED')
  })

  it('names the actor and the target of each entry, with its details, newest first', async () => {
    await recordAudit(db.prisma, {
      actorId: admin.id,
      action: 'rest:GET /limits',
      targetUserId: ada.id,
      details: { route: '/api/v1/limits' },
    })
    await recordAudit(db.prisma, { actorId: null, action: 'role.grant', targetUserId: ada.id, details: { via: 'cli' } })
    const { entries } = await callerFor(db.prisma, admin).admin.audit.list({ targetUserId: ada.id })
    expect(entries).toMatchObject([
      {
        action: 'role.grant',
        actor: null,
        target: { id: ada.id, name: 'Ada', email: ada.email },
        details: { via: 'cli' },
      },
      { action: 'rest:GET /limits', actor: { id: admin.id, name: 'Admin' }, details: { route: '/api/v1/limits' } },
    ])
  })

  it('pages through entries without gaps or repeats, also among entries written in the same millisecond', async () => {
    const at = new Date('2026-11-20T10:00:00.000Z')
    const times = [
      at,
      at,
      at,
      new Date(at.getTime() - 1),
      new Date(at.getTime() - 1),
      new Date(at.getTime() - 5000),
      at,
    ]
    for (const [index, createdAt] of times.entries()) {
      await db.prisma.auditEntry.create({
        data: {
          actorId: admin.id,
          action: 'rest:POST /limits/decrease',
          targetUserId: bob.id,
          details: { index },
          createdAt,
        },
      })
    }
    const admins = callerFor(db.prisma, admin)
    const seen: number[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page = await admins.admin.audit.list({ targetUserId: bob.id, limit: 3, cursor })
      seen.push(...page.entries.map((entry) => Number(entry.details.index)))
      cursor = page.nextCursor
      pages += 1
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen).toHaveLength(times.length)
    expect(new Set(seen).size).toBe(times.length)
    // Newest first: the five entries of 10:00:00.000 come before the two 1 ms earlier, the 5 s older one last.
    expect(seen.slice(0, 4).sort((a, b) => a - b)).toEqual([0, 1, 2, 6])
    expect(seen.slice(4, 6).sort((a, b) => a - b)).toEqual([3, 4])
    expect(seen[6]).toBe(5)
  })

  it('filters by target and refuses a malformed cursor (BAD_REQUEST)', async () => {
    const caller = callerFor(db.prisma, admin)
    const onlyAda = await caller.admin.audit.list({ targetUserId: ada.id })
    expect(onlyAda.entries.every((entry) => entry.target?.id === ada.id)).toBe(true)
    expect(onlyAda.entries).toHaveLength(2)
    expect(await codeOf(caller.admin.audit.list({ cursor: 'not-a-cursor' }))).toBe('BAD_REQUEST')
  })
})
