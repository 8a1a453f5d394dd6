import type { Db } from '@promptly/db/client'

import type { AuthedContext } from '../context.ts'
import type { PurchaseView } from './history.schema.ts'
import { purchaseView } from './purchase-view.ts'

/** Most purchases one history shows; far more than anyone buys. */
const HISTORY_LIMIT = 500

/** A history holds the purchases that reached a checkout: a checkout never opened is left out. */
const OPENED_CHECKOUT = { checkoutSessionId: { not: null } }
const NEWEST_FIRST = [{ createdAt: 'desc' as const }, { id: 'desc' as const }]

/** The caller's purchases that reached a checkout, newest first. */
export async function purchaseHistory({ ctx }: { ctx: AuthedContext }): Promise<PurchaseView[]> {
  const purchases = await ctx.db.purchase.findMany({
    where: { userId: ctx.user.id, ...OPENED_CHECKOUT },
    orderBy: NEWEST_FIRST,
    take: HISTORY_LIMIT,
  })
  return purchases.map(purchaseView)
}

/**
 * Several accounts' histories in one query, by account id (an account with none is absent): for
 * admin views of many accounts at once. The caller checks that it may read them.
 */
export async function purchaseHistoriesOf(db: Db, userIds: readonly string[]): Promise<Map<string, PurchaseView[]>> {
  const histories = new Map<string, PurchaseView[]>()
  if (userIds.length === 0) return histories
  const purchases = await db.purchase.findMany({
    where: { userId: { in: [...userIds] }, ...OPENED_CHECKOUT },
    orderBy: NEWEST_FIRST,
  })
  for (const purchase of purchases) {
    const history = histories.get(purchase.userId) ?? []
    if (history.length < HISTORY_LIMIT) history.push(purchaseView(purchase))
    histories.set(purchase.userId, history)
  }
  return histories
}
