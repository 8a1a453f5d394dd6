import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'

import type { ToolBuilderDraft } from '@promptly/core/catalogue/tool-builder'
import type { Db } from '@promptly/db/client'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../../context.ts'
import { callerFor, createTestUser } from '../../testing/test-caller.ts'

/**
 * A tool as the builder sends it: a unique name and accoName per call (both are searched for and the
 * accoName is unique), one required text field, filed under Email Tools.
 */
export function builderDraft(overrides: Partial<ToolBuilderDraft> = {}): ToolBuilderDraft {
  const tag = randomUUID().slice(0, 8)
  return {
    name: `Builder Tool ${tag}`,
    accoName: `builder-${tag}`,
    description: 'Writes a newsletter intro.',
    tagLine: `Intros in seconds ${tag}`,
    labels: ['Email Tools', 'Newsletters'],
    logo: '/logos/email.svg',
    groupBy: 'Email Tools',
    groups: [
      [
        { text: 'Topic', placeholder: 'Topic', gpt: 'Write an intro about {value}.', type: 'input' },
        { text: 'Mood', placeholder: 'Mood', type: 'tone', options: ['Warm', '', 'Dry'] },
      ],
    ],
    faq: [{ question: 'How long?', answer: 'Two sentences.' }],
    ...overrides,
  }
}

/** The values of builderDraft's form, one row per group. */
export const BUILDER_DRAFT_VALUES = [['Spring sale', 'Warm']]

/** What an admin states to reach a user's private tool (admin-tool-scope.ts): publishing it, say. */
export const REVIEW_REASON = 'Reviewed for the catalogue at its owner’s request'

export async function createTestAdmin(db: Db, name = 'Admin'): Promise<SignedInUser> {
  return { ...(await createTestUser(db, name)), isAdmin: true }
}

/** admin.tools.*: UNAUTHORIZED signed out, FORBIDDEN for a plain user, and no tool changes either way. */
export async function expectAdminToolsOnly(
  db: Db,
  plainUser: SignedInUser,
  call: (caller: ReturnType<typeof callerFor>) => Promise<unknown>,
): Promise<void> {
  const before = await db.tool.findMany({ orderBy: { id: 'asc' } })
  await expect(call(callerFor(db, null))).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  await expect(call(callerFor(db, plainUser))).rejects.toMatchObject({ code: 'FORBIDDEN' })
  expect(await db.tool.findMany({ orderBy: { id: 'asc' } })).toEqual(before)
}

/** What the admin builder's tests start from: the seeded catalogue, an admin, and Ada, a user. */
export interface AdminToolsFixture {
  db: TestDatabase
  admin: SignedInUser
  ada: SignedInUser
}

/** A fresh seeded database with an admin and one user (Ada), for a test file's beforeAll. */
export async function openAdminToolsFixture(): Promise<AdminToolsFixture> {
  const db = await createTestDatabase({ seed: true })
  return { db, admin: await createTestAdmin(db.prisma), ada: await createTestUser(db.prisma, 'Ada') }
}
