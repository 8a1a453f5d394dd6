import { effectivePlan, showTopUp } from '@promptly/core/plans/paid-plan'

import type { Context } from '../context.ts'
import { settleLapsedGrants } from '../credits/expire-due-grants.ts'
import type { PlansListOutput } from './plan-offer.schema.ts'

/** The plans page: every active offer at the server's price, and for a signed-in caller their plan. */
export async function listPlans({ ctx }: { ctx: Context }): Promise<PlansListOutput> {
  const now = new Date()
  // The credits shown never include a lapsed grant's, whether or not the sweeper has run.
  if (ctx.user) await settleLapsedGrants(ctx.db, ctx.user.id, now)
  // Every offer is listed (the legacy GET /plans did so too); showTop says whether TOPUP may be sold.
  const [offers, user] = await Promise.all([
    ctx.db.planOffer.findMany({ where: { active: true }, orderBy: { priceCents: 'asc' } }),
    ctx.user ? ctx.db.user.findUnique({ where: { id: ctx.user.id } }) : null,
  ])
  const showTop = showTopUp(user, now)
  return {
    offers: offers.map(({ key, name, priceCents, currency, credits, validityDays }) => ({
      key,
      name,
      priceCents,
      currency,
      credits,
      validityDays,
    })),
    showTop,
    current: user && {
      plan: effectivePlan(user, now),
      validTill: effectivePlan(user, now) === 'free' ? user.trialEndsAt : user.planValidTill,
      creditsLeft: user.creditBalance,
      creditsMax: user.creditMax,
    },
  }
}
