import { z } from 'zod'

import { CreditReason } from '@promptly/db/generated/prisma/enums'

export const LEDGER_PAGE_DEFAULT_LIMIT = 20
export const LEDGER_PAGE_MAX_LIMIT = 100

/** An opaque position in a user's ledger: where the previous page ended. */
export const ledgerCursor = z.string().regex(/^\d{1,15}\.[0-9a-f-]{36}$/, 'Invalid cursor')

export const ledgerPageInput = z.object({
  cursor: ledgerCursor.nullish(),
  limit: z.number().int().min(1).max(LEDGER_PAGE_MAX_LIMIT).default(LEDGER_PAGE_DEFAULT_LIMIT),
})
export type LedgerPageInput = z.input<typeof ledgerPageInput>

export const ledgerEntry = z.object({
  id: z.string(),
  /** Positive for credits received, negative for credits spent. */
  amount: z.number().int(),
  reason: z.enum(Object.values(CreditReason)),
  reference: z.string(),
  createdAt: z.date(),
  expiresAt: z.date().nullable(),
})

export const ledgerPageOutput = z.object({
  entries: z.array(ledgerEntry),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
})
export type LedgerPage = z.infer<typeof ledgerPageOutput>
