import { z } from 'zod'

import { adminUserRow, type AdminUserRow } from '@promptly/api/admin/admin-user-row.schema'
import type { PurchaseView } from '@promptly/api/payments/history.schema'

import { legacyPurchaseSchema, toLegacyPurchase } from './legacy-plan.ts'

/**
 * A user of the original admin console's later pages (GET /admin/all, /admin/search): the spec's
 * Admin user row (_id, clerkId, name, email, current_limit) and the console's newer fields, with the
 * original's names beside them: `clientId` (= clerkId), `registeredAt` (= joinedAt), `plan` as the
 * original's object (currentLimit, maxLimit, expairyDate, and the plan's name) and `planHistory`
 * (the account's purchases, as GET /plans/history lists them).
 */
export const legacyAdminUserSchema = adminUserRow.omit({ plan: true }).extend({
  clientId: z.string().describe('= clerkId'),
  registeredAt: z.date().describe('= joinedAt'),
  plan: z.object({
    name: adminUserRow.shape.plan.describe('The plan in force (a paid plan that has ended reads as free)'),
    currentLimit: z.number().int().describe('= current_limit'),
    maxLimit: z.number().int().describe('= max_limit'),
    expairyDate: z.date().nullable().describe('(sic) = planValidTill'),
  }),
  planHistory: z.array(legacyPurchaseSchema).describe('Purchases that reached a checkout, newest first'),
})
export type LegacyAdminUser = z.infer<typeof legacyAdminUserSchema>

export function toLegacyAdminUser(row: AdminUserRow, history: readonly PurchaseView[]): LegacyAdminUser {
  const { plan, ...rest } = row
  return {
    ...rest,
    clientId: row.clerkId,
    registeredAt: row.joinedAt,
    plan: { name: plan, currentLimit: row.current_limit, maxLimit: row.max_limit, expairyDate: row.planValidTill },
    planHistory: history.map(toLegacyPurchase),
  }
}

/** One page of users as the original answered it, with the counts its pager read. */
export const legacyUserPageSchema = z.object({
  users: z.array(legacyAdminUserSchema),
  numberOfPages: z.number().int().describe('How many pages of `limit` users all the matches make'),
  userCount: z.number().int().describe('How many users match (all of them, for /admin/all)'),
  limit: z.number().int(),
  page: z.number().int().describe('1 for the first'),
})
export type LegacyUserPage = z.infer<typeof legacyUserPageSchema>
