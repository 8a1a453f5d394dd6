import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../context.ts'
import { appRouter } from '../root.ts'
import { callerFor, createTestUser } from '../testing/test-caller.ts'
import { trpcCodeOf } from './testing/admin-only.ts'

let db: TestDatabase
let plain: SignedInUser

beforeAll(async () => {
  db = await createTestDatabase()
  plain = await createTestUser(db.prisma, 'Plain')
})
afterAll(() => db.close())

/** Every admin procedure by path ('admin.tools.update'), from the router itself: a new one is covered at once. */
const ADMIN_PATHS = Object.keys(appRouter._def.procedures).filter((path) => path.startsWith('admin.'))

/** Inputs no admin procedure accepts: the wrong type, a field of nonsense, and none at all. */
const INVALID_INPUTS: unknown[] = ['not an object', { id: 'not-a-uuid', credits: -1, tool: 42, cursor: '!' }, null]

/** Calls the procedure at `path` on a caller, as the web app would (queries and mutations alike). */
function call(caller: ReturnType<typeof callerFor>, path: string, input: unknown): Promise<unknown> {
  const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller)
  return (procedure as (input: unknown) => Promise<unknown>)(input)
}

describe('the admin procedures refuse a non-admin before reading the input', () => {
  it('covers the whole admin router', () => {
    expect(ADMIN_PATHS).toEqual(expect.arrayContaining(['admin.credits.grant', 'admin.tools.update']))
  })

  it.each(ADMIN_PATHS)(
    '%s: FORBIDDEN for a plain user and UNAUTHORIZED signed out, whatever the input',
    async (path) => {
      for (const input of INVALID_INPUTS) {
        expect(await trpcCodeOf(call(callerFor(db.prisma, plain), path, input)), JSON.stringify(input)).toBe(
          'FORBIDDEN',
        )
        expect(await trpcCodeOf(call(callerFor(db.prisma, null), path, input)), JSON.stringify(input)).toBe(
          'UNAUTHORIZED',
        )
      }
    },
  )
})
