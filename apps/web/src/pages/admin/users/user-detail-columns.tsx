import { formatPrice, PURCHASE_STATUS_TEXT } from '../../payment/payment-format.ts'
import { formatCount, formatDate, formatDateTime, formatSignedCredits, ledgerReasonText } from '../admin-format.ts'
import type { AuditEntry, LedgerEntry, UserGeneration, UserPurchase } from '../admin-types.ts'
import { auditActionText, auditDetailsText } from './audit-text.ts'
import type { RecordColumn } from './RecordTable.tsx'

/** The columns of each record table in an account's detail. */

export const LEDGER_COLUMNS: RecordColumn<LedgerEntry>[] = [
  { header: 'When', cell: (entry) => formatDateTime(entry.createdAt) },
  { header: 'Credits', cell: (entry) => formatSignedCredits(entry.amount) },
  { header: 'Reason', cell: (entry) => ledgerReasonText(entry.reason) },
  { header: 'Expires', cell: (entry) => formatDate(entry.expiresAt, 'Never') },
]

const GENERATION_STATUS_TEXT: Record<UserGeneration['status'], string> = {
  reserved: 'Running',
  succeeded: 'Done',
  failed: 'Failed (refunded)',
}

export const GENERATION_COLUMNS: RecordColumn<UserGeneration>[] = [
  { header: 'When', cell: (generation) => formatDateTime(generation.createdAt) },
  { header: 'Tool', cell: (generation) => generation.toolName ?? 'A deleted tool' },
  { header: 'Status', cell: (generation) => GENERATION_STATUS_TEXT[generation.status] },
  { header: 'Credits', cell: (generation) => formatCount(generation.credits) },
]

export const PURCHASE_COLUMNS: RecordColumn<UserPurchase>[] = [
  { header: 'When', cell: (purchase) => formatDateTime(purchase.createdAt) },
  { header: 'Plan', cell: (purchase) => purchase.name },
  { header: 'Price', cell: (purchase) => formatPrice(purchase.priceCents, purchase.currency) },
  { header: 'Status', cell: (purchase) => PURCHASE_STATUS_TEXT[purchase.status] },
  { header: 'Credits', cell: (purchase) => formatCount(purchase.credits) },
]

export const AUDIT_COLUMNS: RecordColumn<AuditEntry>[] = [
  { header: 'When', cell: (entry) => formatDateTime(entry.createdAt) },
  { header: 'What', cell: (entry) => auditActionText(entry.action) },
  { header: 'By', cell: (entry) => entry.actor?.name ?? 'An operator' },
  { header: 'Details', cell: (entry) => auditDetailsText(entry.details) },
]
