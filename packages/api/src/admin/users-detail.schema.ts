import { z } from 'zod'

import { ledgerEntry } from '../credits/ledger.schema.ts'
import { generationSummary } from '../generation/history.schema.ts'
import { purchaseView } from '../payments/history.schema.ts'
import { adminUserRow } from './admin-user-row.schema.ts'

/** How many of each kind of recent record the detail shows; older ones are in their own lists. */
export const USER_DETAIL_RECENT = 20

export const usersDetailInput = z.object({ userId: z.uuid() })
export type UsersDetailInput = z.infer<typeof usersDetailInput>

export const usersDetailOutput = z.object({
  user: adminUserRow,
  /** The latest ledger entries, newest first. */
  ledger: z.array(ledgerEntry),
  /** The latest generations, newest first. */
  generations: z.array(generationSummary),
  /** The latest purchases (checkouts opened or not), newest first. */
  purchases: z.array(purchaseView),
})
export type UsersDetailOutput = z.infer<typeof usersDetailOutput>
