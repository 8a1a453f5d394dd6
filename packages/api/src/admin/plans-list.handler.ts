import type { AuthedContext } from '../context.ts'
import { adminPlanOfferOf } from './plans-update.handler.ts'
import type { AdminPlanOffer } from './plans-update.schema.ts'

/** Every plan offer for the admin console, those off sale too (the public list shows active ones only). */
export async function listPlansForAdmin({ ctx }: { ctx: AuthedContext }): Promise<AdminPlanOffer[]> {
  const offers = await ctx.db.planOffer.findMany({ orderBy: { key: 'asc' } })
  return offers.map(adminPlanOfferOf)
}
