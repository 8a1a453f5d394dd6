import { afterAll, beforeAll } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { inProcessCaches, type Caches } from '../../caching/caches.ts'
import type { SignedInUser } from '../../context.ts'
import { userWithBalance } from '../../credits/testing/users-with-credits.ts'
import type { GenerationEvent } from '../../generation/run.schema.ts'
import { fakeAiProvider } from '../../generation/testing/fake-ai-provider.ts'
import { callerFor, type TestContextOptions } from '../../testing/test-caller.ts'
import { BUILDER_DRAFT_VALUES, builderDraft, createTestAdmin } from './builder-fixtures.ts'

export interface PersonalToolsFrame {
  readonly db: TestDatabase
  readonly admin: SignedInUser
  /** A catalogue tool the admin built, for the rules that compare a personal tool with one. */
  readonly catalogueToolId: string
  /** A new account with its 30 trial credits, so it can run tools. */
  newUser(name: string): Promise<SignedInUser>
  /** The router as `user`, over a fake AI provider that echoes the prompt. */
  as(user: SignedInUser | null, options?: TestContextOptions): ReturnType<typeof callerFor>
  /** Runs the tool with builderDraft's values, as `user`, and collects the events. */
  run(user: SignedInUser, toolId: string): Promise<GenerationEvent[]>
}

const ai = fakeAiProvider({ text: (prompt) => `<p>Written for: ${prompt}</p>` })

/**
 * The frame the personal-tool suites share, opened in beforeAll and closed in afterAll of the suite
 * that calls it: a fresh database with an admin and one catalogue tool of theirs.
 */
export function usePersonalToolsFrame(): PersonalToolsFrame {
  let opened: { db: TestDatabase; caches: Caches; admin: SignedInUser; catalogueToolId: string } | undefined
  beforeAll(async () => {
    const db = await createTestDatabase()
    // One server's caches for every caller, as one instance serves them all: a write by one caller
    // must clear what another reads.
    const caches = inProcessCaches()
    const admin = await createTestAdmin(db.prisma)
    const catalogueToolId = (await callerFor(db.prisma, admin, { caches }).admin.tools.create(builderDraft())).id
    opened = { db, caches, admin, catalogueToolId }
  })
  afterAll(() => opened?.db.close())

  const current = () => {
    if (!opened) throw new Error('usePersonalToolsFrame: the database opens in beforeAll')
    return opened
  }
  const as = (user: SignedInUser | null, options: TestContextOptions = {}) =>
    callerFor(current().db.prisma, user, { ai, caches: current().caches, ...options })
  return {
    get db() {
      return current().db
    },
    get admin() {
      return current().admin
    },
    get catalogueToolId() {
      return current().catalogueToolId
    },
    async newUser(name) {
      const { prisma } = current().db
      const id = await userWithBalance(prisma, name, 30)
      return { ...(await prisma.user.findUniqueOrThrow({ where: { id } })), isAdmin: false }
    },
    as,
    async run(user, toolId) {
      const events: GenerationEvent[] = []
      for await (const event of await as(user).generation.run({ toolId, groups: BUILDER_DRAFT_VALUES })) {
        events.push(event)
      }
      return events
    },
  }
}
