import type { Db } from '@promptly/db/client'

/**
 * Puts every account whose paid plan has ended back on the free plan (its credits lapse on their own,
 * by their grants' expiry). Reads already treat an ended plan as free (core/plans/paid-plan.ts
 * effectivePlan); this makes the stored plan say so too, for the legacy limits and the admin lists.
 */
export async function endLapsedPlans(db: Db, now: Date): Promise<number> {
  const { count } = await db.user.updateMany({
    where: { plan: { not: 'free' }, planValidTill: { lte: now } },
    data: { plan: 'free', planValidTill: null },
  })
  return count
}
