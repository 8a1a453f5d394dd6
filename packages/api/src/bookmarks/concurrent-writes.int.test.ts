import { setTimeout as sleep } from 'node:timers/promises'
import { openDatabase, type Database, type Prisma } from '@promptly/db/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callerFor, testContext } from '../testing/test-caller.ts'
import { useBookmarkTestDatabase } from './testing/bookmark-test-database.ts'
import { toggleBookmark } from './toggle.handler.ts'

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

  /** Runs `write` on the other connection in a transaction that commits only after `call` has blocked on it. */
  async function whileAnotherWriteIsOpen<T>(write: (tx: Prisma.TransactionClient) => Promise<unknown>, call: () => Promise<T>): Promise<T> {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let written!: () => void
    const writeDone = new Promise<void>((resolve) => (written = resolve))
    const transaction = other.prisma.$transaction(
      async (tx) => {
        await write(tx)
        written()
        await released
      },
      { timeout: 30_000 },
    )
    await writeDone
    const answer = call()
    try {
      await untilAStatementWaitsOnALock()
    } finally {
      release()
      await transaction
    }
    return answer
  }

  async function untilAStatementWaitsOnALock(): Promise<void> {
    for (let tries = 0; tries < 200; tries++) {
      const [row] = await frame.db.prisma.$queryRaw<{ waiting: number }[]>`
        SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`
      if ((row?.waiting ?? 0) > 0) return
      await sleep(50)
    }
    throw new Error('the call never waited on the open write')
  }

  it('a REST flip that loses the insert race to a concurrent add removes that bookmark, as a second click would', async () => {
    const toolId = frame.toolIds[0]!
    const answer = await whileAnotherWriteIsOpen(
      (tx) => tx.bookmark.create({ data: { userId: frame.ada.id, toolId } }),
      () => toggleBookmark({ ctx: { ...testContext(frame.db.prisma, frame.ada), user: frame.ada }, input: { toolId } }),
    )
    // Its first statement saw no bookmark and found the row taken once the other commit landed; it
    // ran again and removed it, so the two writes together return to the start.
    expect(answer).toEqual({ toolId, bookmarked: false })
    expect(await storedBookmarks(toolId)).toBe(0)
  })

  it('asking to bookmark while another connection removes the bookmark ends bookmarked, and says so', async () => {
    const toolId = frame.toolIds[1]!
    await frame.db.prisma.bookmark.create({ data: { userId: frame.ada.id, toolId } })
    const answer = await whileAnotherWriteIsOpen(
      (tx) => tx.bookmark.delete({ where: { userId_toolId: { userId: frame.ada.id, toolId } } }),
      () => callerFor(frame.db.prisma, frame.ada).bookmarks.toggle({ toolId, bookmarked: true }),
    )
    expect(answer).toEqual({ toolId, bookmarked: true })
    expect(await storedBookmarks(toolId)).toBe(1)
  })

  it('asking to bookmark while another connection adds the same bookmark neither fails nor duplicates', async () => {
    const toolId = frame.toolIds[2]!
    const answer = await whileAnotherWriteIsOpen(
      (tx) => tx.bookmark.create({ data: { userId: frame.ada.id, toolId } }),
      () => callerFor(frame.db.prisma, frame.ada).bookmarks.toggle({ toolId, bookmarked: true }),
    )
    expect(answer).toEqual({ toolId, bookmarked: true })
    expect(await storedBookmarks(toolId)).toBe(1)
  })
})
