import type { Db } from '@promptly/db/client'

/** A user's balance and ledger, to show that a refused request changed neither. */
export async function ledgerSnapshot(
  db: Db,
  userId: string,
): Promise<{ balance: number; entries: number; generations: number; media: number }> {
  const [user, entries, generations, media] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true } }),
    db.creditEntry.count({ where: { userId } }),
    db.generation.count({ where: { userId } }),
    db.storedMedia.count({ where: { userId } }),
  ])
  return { balance: user.creditBalance, entries, generations, media }
}
