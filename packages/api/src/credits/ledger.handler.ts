import { badRequest } from '@promptly/core/errors/app-error'
import type { Db } from '@promptly/db/client'

import { settleLapsedGrants } from './expire-due-grants.ts'
import { ledgerPageInput, type LedgerPage, type LedgerPageInput } from './ledger.schema.ts'

/**
 * One page of a user's credit ledger, newest first (the credits router's history). Keyset paging on
 * (created_at, id): stable while new entries arrive, and a cursor only ever selects the caller's own
 * rows, whoever made it. The first page expires lapsed grants before reading, so it shows the expiry
 * entries that explain the balance the limits show.
 */
export async function ledgerPage(db: Db, userId: string, input: LedgerPageInput = {}): Promise<LedgerPage> {
  const { cursor, limit } = ledgerPageInput.parse(input)
  const after = cursor ? decodeCursor(cursor) : null
  if (!after) await settleLapsedGrants(db, userId)
  const rows = await db.creditEntry.findMany({
    where: {
      userId,
      ...(after
        ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
    select: { id: true, amount: true, reason: true, reference: true, createdAt: true, expiresAt: true },
  })
  const entries = rows.slice(0, limit)
  const last = entries.at(-1)
  return { entries, nextCursor: rows.length > limit && last ? encodeCursor(last) : null }
}

function encodeCursor(entry: { createdAt: Date; id: string }): string {
  return `${entry.createdAt.getTime()}.${entry.id}`
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [time = '', id = ''] = cursor.split('.')
  const createdAt = new Date(Number(time))
  if (Number.isNaN(createdAt.getTime()) || id === '') throw badRequest('Invalid cursor')
  return { createdAt, id }
}
