import { setTimeout as sleep } from 'node:timers/promises'

import type { Db, Prisma } from '@promptly/db/client'

/**
 * Forces a race instead of hoping for one (PostgreSQL only: PGlite's one connection can only take
 * turns). `write` runs on `other`, a second connection to the same database, in a transaction that
 * commits only once `call` is seen waiting on a lock (which `write` holds); then `call` goes on and
 * its answer is returned. `watcher` (any connection not blocked) looks at pg_stat_activity.
 */
export async function whileAnotherWriteIsOpen<T>(
  { other, watcher }: { other: Db; watcher: Db },
  write: (tx: Prisma.TransactionClient) => Promise<unknown>,
  call: () => Promise<T>,
): Promise<T> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let written!: () => void
  const writeDone = new Promise<void>((resolve) => (written = resolve))
  const transaction = other.$transaction(
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
    await untilAStatementWaitsOnALock(watcher)
  } finally {
    release()
    await transaction
  }
  return answer
}

/** Polls the server's own view of its sessions, which is the state waited for (no fixed sleep). */
async function untilAStatementWaitsOnALock(watcher: Db): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const [row] = await watcher.$queryRaw<{ waiting: number }[]>`
      SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`
    if ((row?.waiting ?? 0) > 0) return
    await sleep(50)
  }
  throw new Error('the call never waited on the open write')
}
