import type { AuthedContext } from '../context.ts'
import { settleLapsedGrants } from './expire-due-grants.ts'
import type { LimitsOutput } from './limits.schema.ts'

/**
 * The spec's Limits: plan, credits left and credits granted for the period. Grants that have lapsed
 * are expired first, so the credits shown never include them, whether or not the sweeper has run.
 */
export async function getLimits({ ctx }: { ctx: AuthedContext }): Promise<LimitsOutput> {
  await settleLapsedGrants(ctx.db, ctx.user.id)
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.user.id } })
  return { plan: user.plan, current_limit: user.creditBalance, max_limit: user.creditMax }
}
