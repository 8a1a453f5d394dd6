import type { AuthedContext } from '../context.ts'
import type { PurchaseView } from './history.schema.ts'
import { purchaseView } from './purchase-view.ts'

/** Most purchases one history shows; far more than anyone buys. */
const HISTORY_LIMIT = 500

/** The caller's purchases that reached a checkout, newest first (a checkout never opened is left out). */
export async function purchaseHistory({ ctx }: { ctx: AuthedContext }): Promise<PurchaseView[]> {
  const purchases = await ctx.db.purchase.findMany({
    where: { userId: ctx.user.id, checkoutSessionId: { not: null } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: HISTORY_LIMIT,
  })
  return purchases.map(purchaseView)
}
