import { afterAll, beforeAll } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../../context.ts'
import { fixtureCatalogue, insertTools } from '../../testing/catalogue-fixtures.ts'
import { createTestUser } from '../../testing/test-caller.ts'

export interface BookmarkTestDatabase {
  readonly db: TestDatabase
  /** Two users, so every test can check that one user's bookmarks never touch the other's. */
  readonly ada: SignedInUser
  readonly bob: SignedInUser
  /** The fixture tools' ids, oldest first. */
  readonly toolIds: readonly string[]
  /** How many bookmark rows the user has for the tool: 0 or 1, unless something duplicated one. */
  storedBookmarks(user: SignedInUser, toolId: string): Promise<number>
}

/**
 * The frame the bookmark tests share, opened in beforeAll and closed in afterAll of the suite that
 * calls it: a fresh database with `toolCount` fixture tools and the users Ada and Bob.
 */
export function useBookmarkTestDatabase(toolCount: number): BookmarkTestDatabase {
  let opened: Omit<BookmarkTestDatabase, 'storedBookmarks'> | undefined
  beforeAll(async () => {
    const db = await createTestDatabase()
    await insertTools(db.prisma, fixtureCatalogue(toolCount))
    const tools = await db.prisma.tool.findMany({ orderBy: { createdAt: 'asc' }, select: { id: true } })
    opened = {
      db,
      toolIds: tools.map((tool) => tool.id),
      ada: await createTestUser(db.prisma, 'Ada'),
      bob: await createTestUser(db.prisma, 'Bob'),
    }
  })
  afterAll(() => opened?.db.close())

  const current = () => {
    if (!opened) throw new Error('useBookmarkTestDatabase: the database opens in beforeAll')
    return opened
  }
  return {
    get db() {
      return current().db
    },
    get ada() {
      return current().ada
    },
    get bob() {
      return current().bob
    },
    get toolIds() {
      return current().toolIds
    },
    storedBookmarks(user, toolId) {
      return current().db.prisma.bookmark.count({ where: { userId: user.id, toolId } })
    },
  }
}
