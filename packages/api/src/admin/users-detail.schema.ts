import { z } from 'zod'

import { ledgerEntry } from '../credits/ledger.schema.ts'
import { generationSummary } from '../generation/history.schema.ts'
import { purchaseView } from '../payments/history.schema.ts'
import { adminUserRow } from './admin-user-row.schema.ts'
import { auditPerson } from './audit-list.schema.ts'

/** How many of each kind of recent record the detail shows; older ones are in their own lists. */
export const USER_DETAIL_RECENT = 20

export const usersDetailInput = z.object({ userId: z.uuid() })
export type UsersDetailInput = z.infer<typeof usersDetailInput>

/** Who made an admin's ledger entry, and the note they gave (empty when none). */
export const ledgerAdminAction = z.object({ by: auditPerson, note: z.string() })

/** A ledger entry in the admin console: an admin's grant or revoke says who made it and why. */
export const adminLedgerEntry = ledgerEntry.extend({ admin: ledgerAdminAction.optional() })
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntry>

export const usersDetailOutput = z.object({
  user: adminUserRow,
  /** The latest ledger entries, newest first; an admin's grant or revoke names the admin and the note. */
  ledger: z.array(adminLedgerEntry),
  /** The latest generations, newest first. */
  generations: z.array(generationSummary),
  /** The latest purchases (checkouts opened or not), newest first. */
  purchases: z.array(purchaseView),
})
export type UsersDetailOutput = z.infer<typeof usersDetailOutput>
