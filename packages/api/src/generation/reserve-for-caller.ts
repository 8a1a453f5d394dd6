import type { AuthedContext } from '../context.ts'
import { reserveCredits, type GenerationDraft } from '../credits/reservation/reserve-credits.ts'

/**
 * Holds `cost` for a generation the caller starts here (and for each of `variantIds`, together):
 * charged to the caller, answered by this process's AI provider, and held by this server instance,
 * so that if the instance dies the sweeper refunds it as soon as the instance's lease lapses.
 */
export async function reserveForCaller(
  ctx: AuthedContext,
  generationId: string,
  cost: number,
  generation: Omit<GenerationDraft, 'provider'>,
  variantIds: readonly string[] = [],
): Promise<{ balance: number }> {
  const reserved = await reserveCredits(ctx.db, {
    userId: ctx.user.id,
    amount: cost,
    generationId,
    variantIds,
    instanceId: ctx.instanceId ?? null,
    generation: { ...generation, provider: ctx.ai.name },
  })
  ctx.telemetry.creditsMoved('reserved', cost * (1 + variantIds.length))
  return reserved
}
