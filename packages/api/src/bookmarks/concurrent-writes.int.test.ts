import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openDatabase, type Database, type Prisma } from '@promptly/db/client'

import { whileAnotherWriteIsOpen as whileAnotherWriteIsOpenOn } from '../testing/another-connection.ts'
import { callerFor, testContext } from '../testing/test-caller.ts'
import { flipLegacyBookmark } from './legacy-flip.handler.ts'
import { useBookmarkTestDatabase } from './testing/bookmark-test-database.ts'

// The races the bookmark statements are written for, made to happen every time: a second connection
// holds a write to the same bookmark row open until the call under test is seen waiting on it, then
// commits. PGlite has one connection, where calls can only take turns, so these run on PostgreSQL.
describe.runIf(process.env.TEST_DB === 'postgres')('bookmark writes racing another connection', () => {
  const frame = useBookmarkTestDatabase(3)
  let other: Database

  beforeAll(async () => {
    other = await openDatabase({ url: frame.db.url! })
  })
  afterAll(() => other?.close())

  const storedBookmarks = (toolId: string) => frame.storedBookmarks(frame.ada, toolId)

  const whileAnotherWriteIsOpen = <T>(
    write: (tx: Prisma.TransactionClient) => Promise<unknown>,
    call: () => Promise<T>,
  ) => whileAnotherWriteIsOpenOn({ other: other.prisma, watcher: frame.db.prisma }, write, call)

  it(
    'a REST flip that loses the insert race to a concurrent ' + 'add removes that bookmark, as a second click would',
    async () => {
      const toolId = frame.toolIds[0]!
      const answer = await whileAnotherWriteIsOpen(
        (tx) => tx.bookmark.create({ data: { userId: frame.ada.id, toolId } }),
        () =>
          flipLegacyBookmark({
            ctx: { ...testContext(frame.db.prisma, frame.ada), user: frame.ada },
            input: { toolId },
          }),
      )
      // Its first statement saw no bookmark and found the row taken once the other commit landed; it
      // ran again and removed it, so the two writes together return to the start.
      expect(answer).toEqual({ toolId, bookmarked: false })
      expect(await storedBookmarks(toolId)).toBe(0)
    },
  )

  it('asking to bookmark while another connection removes the bookmark ends bookmarked, and says so', async () => {
    const toolId = frame.toolIds[1]!
    await frame.db.prisma.bookmark.create({ data: { userId: frame.ada.id, toolId } })
    const answer = await whileAnotherWriteIsOpen(
      (tx) => tx.bookmark.delete({ where: { userId_toolId: { userId: frame.ada.id, toolId } } }),
      () => callerFor(frame.db.prisma, frame.ada).bookmarks.set({ toolId, bookmarked: true }),
    )
    expect(answer).toEqual({ toolId, bookmarked: true })
    expect(await storedBookmarks(toolId)).toBe(1)
  })

  it('asking to bookmark while another connection adds the same bookmark neither fails nor duplicates', async () => {
    const toolId = frame.toolIds[2]!
    const answer = await whileAnotherWriteIsOpen(
      (tx) => tx.bookmark.create({ data: { userId: frame.ada.id, toolId } }),
      () => callerFor(frame.db.prisma, frame.ada).bookmarks.set({ toolId, bookmarked: true }),
    )
    expect(answer).toEqual({ toolId, bookmarked: true })
    expect(await storedBookmarks(toolId)).toBe(1)
  })
})
