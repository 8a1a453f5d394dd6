import { addDays } from '@promptly/core/credits/plan-rules'
import { notFound } from '@promptly/core/errors/app-error'

import { recordAudit } from '../audit/record-audit.ts'
import type { AuthedContext } from '../context.ts'
import { expireDueGrants } from '../credits/expire-due-grants.ts'
import { grantCredits } from '../credits/grant-credits.ts'
import type { CreditsGrantInput, CreditsGrantOutput } from './credits-grant.schema.ts'
import { USER_NOT_FOUND } from './users-detail.handler.ts'

/**
 * An admin's manual top-up: `credits` that expire `days` from now (the expiry sweeper takes what is
 * left then). The audit entry, the ledger entry (whose reference is the audit entry's id) and the
 * balance and maximum land in one transaction, so the ledger never says why without the log saying
 * who, nor the other way round.
 */
export async function adminGrantCredits({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: CreditsGrantInput
}): Promise<CreditsGrantOutput> {
  const expiresAt = addDays(new Date(), input.days)
  return ctx.db.$transaction(async (tx) => {
    // Expires lapsed grants first (under the row lock), so the limits answered never count them.
    if (!(await expireDueGrants(tx, input.userId, new Date()))) throw notFound(USER_NOT_FOUND)
    const audit = await recordAudit(tx, {
      actorId: ctx.user.id,
      action: 'credits.grant',
      targetUserId: input.userId,
      details: {
        credits: input.credits,
        days: input.days,
        note: input.note,
        expiresAt: expiresAt.toISOString(),
        requestId: ctx.requestId,
      },
    })
    const grant = { userId: input.userId, reason: 'admin_topup' as const, reference: audit.id }
    await grantCredits(tx, { ...grant, amount: input.credits, expiresAt }, ctx.telemetry)
    const [entry, user] = await Promise.all([
      tx.creditEntry.findUniqueOrThrow({
        where: { userId_reason_reference: grant },
        select: { id: true, amount: true, reason: true, reference: true, createdAt: true, expiresAt: true },
      }),
      tx.user.findUniqueOrThrow({ where: { id: input.userId }, select: { creditBalance: true, creditMax: true } }),
    ])
    return { auditId: audit.id, entry, current_limit: user.creditBalance, max_limit: user.creditMax }
  })
}
