import type { Db } from '@promptly/db/client'

/**
 * The three offers the plan tests read: Yearly and Monthly on sale, the Top-up off sale, so a list
 * of what is sold and a list of everything differ by one.
 */
export async function insertPlanOffers(db: Db): Promise<void> {
  await db.planOffer.createMany({
    data: [
      { key: 'YEARLY', name: 'Yearly', priceCents: 9900, credits: 15000, validityDays: 365 },
      { key: 'MONTHLY', name: 'Monthly', priceCents: 1900, credits: 1000, validityDays: 30 },
      { key: 'TOPUP', name: 'Top-up', priceCents: 500, credits: 200, validityDays: null, active: false },
    ],
  })
}
