import { AppError } from '@promptly/core/errors/app-error'
import { MESSAGES } from '@promptly/core/messages'
import type { PlanOffer } from '@promptly/db/generated/prisma/client'

import { recordAudit } from '../audit/record-audit.ts'
import type { AuthedContext } from '../context.ts'
import type { AdminPlanOffer, PlansUpdateInput } from './plans-update.schema.ts'

/**
 * Edits an offer: what the plans page lists and what checkout charges from then on (a purchase
 * copies the offer when it is made, so earlier ones keep their terms). The offer's row is locked,
 * so the audit entry's "before" is the value this edit replaced, even when two admins edit at once.
 */
export async function updatePlan({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: PlansUpdateInput
}): Promise<AdminPlanOffer> {
  const { key, ...changes } = input
  return ctx.db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM plan_offers WHERE key = ${key}::"PlanKey" FOR UPDATE`
    if (!locked) throw new AppError('NOT_FOUND', MESSAGES.planUnavailable)
    const before = await tx.planOffer.findUniqueOrThrow({ where: { id: locked.id } })
    const after = await tx.planOffer.update({ where: { id: locked.id }, data: changes })
    await recordAudit(tx, {
      actorId: ctx.user.id,
      action: 'plans.update',
      targetUserId: null,
      details: { key, before: terms(before), after: terms(after), requestId: ctx.requestId },
    })
    return adminPlanOfferOf(after)
  })
}

function terms(offer: PlanOffer) {
  const { priceCents, credits, validityDays, active } = offer
  return { priceCents, credits, validityDays, active }
}

export function adminPlanOfferOf(offer: PlanOffer): AdminPlanOffer {
  const { key, name, priceCents, currency, credits, validityDays, active, updatedAt } = offer
  return { key, name, priceCents, currency, credits, validityDays, active, updatedAt }
}
