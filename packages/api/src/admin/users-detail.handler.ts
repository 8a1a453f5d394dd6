import { notFound } from '@promptly/core/errors/app-error'
import { Prisma } from '@promptly/db/generated/prisma/client'

import type { AuthedContext } from '../context.ts'
import { settleLapsedGrants } from '../credits/expire-due-grants.ts'
import { generationSummarySelect, toGenerationSummary } from '../generation/generation-summary.ts'
import { purchaseView } from '../payments/purchase-view.ts'
import { withAdminActions } from './ledger-admin-actions.ts'
import { USER_DETAIL_RECENT, type UsersDetailInput, type UsersDetailOutput } from './users-detail.schema.ts'
import { selectAdminUsers } from './users-rows.ts'

export const USER_NOT_FOUND = 'No such user'

/**
 * One account for the admin console: its row, and its latest ledger entries (an admin's saying who
 * and why), generations and purchases.
 */
export async function userDetail({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: UsersDetailInput
}): Promise<UsersDetailOutput> {
  const { userId } = input
  // Before the reads below run side by side: the row and its ledger must both show a lapse.
  await settleLapsedGrants(ctx.db, userId)
  const recent = { where: { userId }, orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }] }
  const [[found], ledger, generations, purchases] = await Promise.all([
    selectAdminUsers(ctx.db, {
      where: Prisma.sql`u.id = ${userId}::uuid`,
      sort: 'joined',
      order: 'desc',
      after: null,
      limit: 1,
    }),
    ctx.db.creditEntry.findMany({
      ...recent,
      take: USER_DETAIL_RECENT,
      select: { id: true, amount: true, reason: true, reference: true, createdAt: true, expiresAt: true },
    }),
    ctx.db.generation.findMany({
      ...recent,
      take: USER_DETAIL_RECENT,
      select: generationSummarySelect,
    }),
    ctx.db.purchase.findMany({ ...recent, take: USER_DETAIL_RECENT }),
  ])
  if (!found) throw notFound(USER_NOT_FOUND)
  return {
    user: found.row,
    ledger: await withAdminActions(ctx.db, ledger),
    generations: generations.map(toGenerationSummary),
    purchases: purchases.map(purchaseView),
  }
}
