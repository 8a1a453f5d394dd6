import type { AuthedContext } from '../context.ts'
import type { LimitsOutput } from './limits.schema.ts'

/** The spec's Limits: plan, credits left and credits granted for the period. */
export async function getLimits({ ctx }: { ctx: AuthedContext }): Promise<LimitsOutput> {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.user.id } })
  return { plan: user.plan, current_limit: user.creditBalance, max_limit: user.creditMax }
}
