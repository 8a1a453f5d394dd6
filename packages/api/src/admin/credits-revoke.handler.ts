import { notFound } from '@promptly/core/errors/app-error'

import { recordAudit } from '../audit/record-audit.ts'
import type { AuthedContext } from '../context.ts'
import { expireDueGrants } from '../credits/expire-due-grants.ts'
import type { CreditsRevokeInput, CreditsRevokeOutput } from './credits-revoke.schema.ts'
import { USER_NOT_FOUND } from './users-detail.handler.ts'

/**
 * Takes credits back (an admin undoing a mistaken grant): at most what the balance holds, since
 * spent credits stay spent. The row is locked first, so a generation reserving at the same moment
 * waits for this (or goes first) and the balance read here is the one written back: never below
 * zero. The audit entry, the ledger entry (reference: the audit entry's id) and the balance land
 * together; a revoke that finds nothing to take is still audited, with no ledger entry.
 */
export async function adminRevokeCredits({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: CreditsRevokeInput
}): Promise<CreditsRevokeOutput> {
  return ctx.db.$transaction(async (tx) => {
    // Locks the row, and expires lapsed grants first: their credits are gone, not the admin's to take.
    const user = await expireDueGrants(tx, input.userId, new Date())
    if (!user) throw notFound(USER_NOT_FOUND)
    const taken = Math.min(input.credits, user.balance)
    const audit = await recordAudit(tx, {
      actorId: ctx.user.id,
      action: 'credits.revoke',
      targetUserId: input.userId,
      details: { credits: input.credits, taken, note: input.note, requestId: ctx.requestId },
    })
    if (taken > 0) {
      await tx.creditEntry.create({
        data: { userId: input.userId, amount: -taken, reason: 'admin_revoke', reference: audit.id },
      })
    }
    const balance = user.balance - taken
    // "X of Y left": the credits taken back no longer count as granted for the period.
    const max = Math.max(balance, user.max - taken)
    await tx.user.update({ where: { id: input.userId }, data: { creditBalance: balance, creditMax: max } })
    return { auditId: audit.id, taken, current_limit: balance, max_limit: max }
  })
}
