import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../context.ts'
import { callerFor } from '../testing/test-caller.ts'
import { adminAndPlainUser, expectAdminOnly, trpcCodeOf } from './testing/admin-only.ts'
import { encodeUsersCursor, SORT_ORDERS, USER_SORTS, type SortOrder, type UserSort } from './users-list.schema.ts'

let db: TestDatabase
let statements: string[] = []
let admin: SignedInUser
let plain: SignedInUser

const DAY = 24 * 60 * 60 * 1000
const JOINED = new Date('2026-10-01T08:00:00.000Z')

/** Ties on purpose: two joined in the same millisecond, equal credits, names equal but for case. */
const PEOPLE = [
  { name: 'Ada Lovelace', email: 'ada@example.com', credits: 30, joinedDay: 0 },
  { name: 'ada lovelace', email: 'ADA.TWIN@example.com', credits: 30, joinedDay: 0 },
  { name: 'Bob', email: 'bob@example.org', credits: 0, joinedDay: 1 },
  { name: 'Carol 100%', email: 'carol@example.net', credits: 5, joinedDay: 2 },
  { name: 'Dan_the_man', email: 'dan@example.net', credits: 100, joinedDay: 3 },
  { name: 'Eve', email: 'eve@example.com', credits: 30, joinedDay: 3 },
  { name: 'Zed', email: 'zed@example.org', credits: 7, joinedDay: 4 },
] as const

beforeAll(async () => {
  db = await createTestDatabase({ onQuery: (sql) => statements.push(sql) })
  ;({ admin, plain } = await adminAndPlainUser(db.prisma))
  for (const person of PEOPLE) {
    await db.prisma.user.create({
      data: {
        clerkId: `user_${person.name.replace(/\W/g, '')}_${randomUUID()}`,
        name: person.name,
        email: person.email,
        imageUrl: '',
        creditBalance: person.credits,
        creditMax: person.credits,
        createdAt: new Date(JOINED.getTime() + person.joinedDay * DAY),
      },
    })
  }
  const byName = async (name: string) => (await db.prisma.user.findFirstOrThrow({ where: { name } })).id
  // Activity three ways: a local session seen, a generation started, an API key used.
  await db.prisma.session.create({
    data: {
      id: randomUUID(),
      userId: await byName('Bob'),
      expiresAt: new Date(Date.now() + DAY),
      lastSeenAt: new Date('2026-11-20T09:00:00.000Z'),
    },
  })
  const generation = {
    kind: 'paraphrase' as const,
    input: {},
    credits: 1,
    provider: 'local',
    status: 'succeeded' as const,
  }
  await db.prisma.generation.createMany({
    data: [
      { ...generation, userId: await byName('Bob'), createdAt: new Date('2026-11-21T09:00:00.000Z') },
      { ...generation, userId: await byName('Zed'), createdAt: new Date('2026-11-19T09:00:00.000Z') },
      { ...generation, userId: await byName('Eve'), createdAt: new Date('2026-11-19T09:00:00.000Z') },
    ],
  })
  await db.prisma.apiKey.create({
    data: {
      userId: await byName('Carol 100%'),
      name: 'script',
      prefix: 'prly_x',
      keyHash: randomUUID(),
      lastUsedAt: new Date('2026-11-22T09:00:00.000Z'),
    },
  })
})
afterAll(() => db.close())

interface Expected {
  id: string
  joined: number
  name: string
  email: string
  credits: number
  lastActive: number
}

/** Every account and its sort keys, worked out here from the tables, not by the code under test. */
async function everyone(): Promise<Expected[]> {
  const [users, sessions, generations, keys] = await Promise.all([
    db.prisma.user.findMany(),
    db.prisma.session.findMany(),
    db.prisma.generation.findMany(),
    db.prisma.apiKey.findMany(),
  ])
  const latest = new Map<string, number>()
  const seen = (userId: string, at: Date | null) => {
    if (at) latest.set(userId, Math.max(latest.get(userId) ?? Number.NEGATIVE_INFINITY, at.getTime()))
  }
  for (const session of sessions) seen(session.userId, session.lastSeenAt)
  for (const generation of generations) seen(generation.userId, generation.createdAt)
  for (const key of keys) seen(key.userId, key.lastUsedAt)
  return users.map((user) => ({
    id: user.id,
    joined: user.createdAt.getTime(),
    name: user.name.toLowerCase(),
    email: user.email.toLowerCase(),
    credits: user.creditBalance,
    lastActive: latest.get(user.id) ?? Number.NEGATIVE_INFINITY,
  }))
}

const KEY: Record<UserSort, (row: Expected) => number | string> = {
  joined: (row) => row.joined,
  name: (row) => row.name,
  email: (row) => row.email,
  credits: (row) => row.credits,
  lastActive: (row) => row.lastActive,
}

function expectedOrder(rows: Expected[], sort: UserSort, order: SortOrder): string[] {
  const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0)
  const sign = order === 'asc' ? 1 : -1
  return [...rows]
    .sort((a, b) => sign * (compare(KEY[sort](a), KEY[sort](b)) || compare(a.id, b.id)))
    .map((row) => row.id)
}

async function allPages(input: { sort: UserSort; order: SortOrder; limit: number; search?: string }) {
  const caller = callerFor(db.prisma, admin)
  const ids: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const page = await caller.admin.users.list({ ...input, cursor })
    expect(page.users.length).toBeLessThanOrEqual(input.limit)
    ids.push(...page.users.map((user) => user._id))
    cursor = page.nextCursor
    pages += 1
  } while (cursor && pages < 50)
  return { ids, pages }
}

describe('admin.users.list', () => {
  it('answers UNAUTHORIZED signed out and FORBIDDEN to a plain user', async () => {
    await expectAdminOnly(db.prisma, plain, (caller) => caller.admin.users.list({}))
  })

  it('lists the newest accounts first by default, with the spec row and plan, credits, role, activity', async () => {
    const { users, nextCursor } = await callerFor(db.prisma, admin).admin.users.list({})
    expect(nextCursor).toBeNull()
    expect(users).toHaveLength(PEOPLE.length + 2)
    const joined = users.map((user) => user.joinedAt.getTime())
    expect(joined).toEqual([...joined].sort((a, b) => b - a))
    const bob = users.find((user) => user.name === 'Bob')
    expect(bob).toMatchObject({
      email: 'bob@example.org',
      current_limit: 0,
      max_limit: 0,
      plan: 'free',
      planValidTill: null,
      role: 'user',
      emailVerified: false,
      joinedAt: new Date(JOINED.getTime() + DAY),
      // The generation (Nov 21) is later than the session seen (Nov 20).
      lastActiveAt: new Date('2026-11-21T09:00:00.000Z'),
    })
    expect(bob?.clerkId).toMatch(/^user_Bob_/)
    expect(users.find((user) => user.name === 'Carol 100%')?.lastActiveAt).toEqual(new Date('2026-11-22T09:00:00.000Z'))
    expect(users.find((user) => user.name === 'Dan_the_man')?.lastActiveAt).toBeNull()
  })

  it.each(USER_SORTS.flatMap((sort) => SORT_ORDERS.map((order) => [sort, order] as const)))(
    'pages through every account exactly once, sorted by %s %s, ties broken by id',
    async (sort, order) => {
      const { ids, pages } = await allPages({ sort, order, limit: 3 })
      expect(pages).toBe(Math.ceil((PEOPLE.length + 2) / 3))
      expect(ids).toEqual(expectedOrder(await everyone(), sort, order))
    },
  )

  it('reads a page with one SQL statement, however many accounts it shows', async () => {
    const caller = callerFor(db.prisma, admin)
    statements = []
    await caller.admin.users.list({ sort: 'lastActive', limit: 100 })
    expect(statements).toHaveLength(1)
    statements = []
    await caller.admin.users.list({ sort: 'name', limit: 2, search: 'a' })
    expect(statements).toHaveLength(1)
  })

  it('searches names, e-mails and clerkIds case-insensitively, and ids exactly', async () => {
    const caller = callerFor(db.prisma, admin)
    const names = async (search: string) =>
      (await caller.admin.users.list({ search, sort: 'name', order: 'asc' })).users.map((user) => user.name)
    expect((await names('LOVELACE')).sort()).toEqual(['Ada Lovelace', 'ada lovelace'])
    expect(await names('ada.TWIN@')).toEqual(['ada lovelace'])
    expect(await names('example.org')).toEqual(['Bob', 'Zed'])
    const zed = await db.prisma.user.findFirstOrThrow({ where: { name: 'Zed' } })
    expect(await names(zed.clerkId.toUpperCase())).toEqual(['Zed'])
    expect(await names(zed.id.toUpperCase())).toEqual(['Zed'])
    expect(await names(zed.id.slice(0, 8))).toEqual([])
    // LIKE's wildcards are literal: '%' and '_' match only themselves.
    expect(await names('100%')).toEqual(['Carol 100%'])
    expect(await names('_the_')).toEqual(['Dan_the_man'])
    expect(await names('nobody here')).toEqual([])
  })

  it('pages through search results too', async () => {
    const { ids } = await allPages({ sort: 'credits', order: 'desc', limit: 1, search: '@EXAMPLE.' })
    const matching = (await everyone()).filter((row) => row.email.includes('@example.'))
    expect(ids).toEqual(expectedOrder(matching, 'credits', 'desc'))
    const { ids: netOnly } = await allPages({ sort: 'joined', order: 'asc', limit: 1, search: 'example.net' })
    expect(netOnly).toEqual(
      expectedOrder(
        matching.filter((row) => row.email.endsWith('.net')),
        'joined',
        'asc',
      ),
    )
    expect(netOnly).toHaveLength(2)
  })

  it('refuses a malformed cursor, and one made for another sort or order (BAD_REQUEST)', async () => {
    const caller = callerFor(db.prisma, admin)
    const { nextCursor } = await caller.admin.users.list({ sort: 'name', limit: 2 })
    expect(nextCursor).not.toBeNull()
    expect(await trpcCodeOf(caller.admin.users.list({ sort: 'credits', cursor: nextCursor }))).toBe('BAD_REQUEST')
    const reversed = caller.admin.users.list({ sort: 'name', order: 'desc', cursor: nextCursor })
    expect(await trpcCodeOf(reversed)).toBe('BAD_REQUEST')
    expect(await trpcCodeOf(caller.admin.users.list({ cursor: 'bm90LWEtY3Vyc29y' }))).toBe('BAD_REQUEST')
    // Forged keys that SQL could not cast back: refused before they reach it.
    const id = randomUUID()
    const forged = [
      encodeUsersCursor({ sort: 'joined', order: 'desc', key: '2026-02-30T10:00:00.000000', id }),
      encodeUsersCursor({ sort: 'joined', order: 'desc', key: null, id }),
      encodeUsersCursor({ sort: 'credits', order: 'desc', key: '99999999999', id }),
      encodeUsersCursor({ sort: 'name', order: 'asc', key: 'a\u0000', id }),
    ]
    for (const [index, cursor] of forged.entries()) {
      const sort = index < 2 ? 'joined' : index === 2 ? 'credits' : 'name'
      expect(await trpcCodeOf(caller.admin.users.list({ sort, cursor })), cursor).toBe('BAD_REQUEST')
    }
    const fine = encodeUsersCursor({ sort: 'lastActive', order: 'desc', key: null, id })
    // After a never-active row in "latest first" come only never-active rows of lower id.
    const rest = (await caller.admin.users.list({ sort: 'lastActive', cursor: fine })).users
    expect(rest.every((user) => user.lastActiveAt === null && user._id < id)).toBe(true)
    expect(await trpcCodeOf(caller.admin.users.list({ limit: 501 }))).toBe('BAD_REQUEST')
    expect(await trpcCodeOf(caller.admin.users.list({ search: 'a\u0000b' }))).toBe('BAD_REQUEST')
  })
})
