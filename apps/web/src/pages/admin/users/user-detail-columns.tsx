import { formatDate, formatDateTime, formatMoney, formatSignedCredits } from '../admin-format.ts'
import type { AuditEntry, LedgerEntry, UserGeneration, UserPurchase } from '../admin-types.ts'
import type { AdminText } from '../useAdminText.ts'
import { auditActionText, auditDetailsText } from './audit-text.ts'
import type { RecordColumn } from './RecordTable.tsx'

/** The columns of each record table in an account's detail, in the page's language. */

export function ledgerColumns(text: AdminText): RecordColumn<LedgerEntry>[] {
  const { t } = text
  return [
    { header: t('admin.users.columns.when'), cell: (entry) => formatDateTime(text, entry.createdAt) },
    { header: t('admin.users.columns.credits'), cell: (entry) => formatSignedCredits(text, entry.amount) },
    { header: t('admin.users.columns.reason'), cell: (entry) => t(`admin.users.ledgerReason.${entry.reason}`) },
    {
      header: t('admin.users.columns.expires'),
      cell: (entry) => formatDate(text, entry.expiresAt, t('admin.format.never')),
    },
  ]
}

export function generationColumns(text: AdminText): RecordColumn<UserGeneration>[] {
  const { t, format } = text
  return [
    { header: t('admin.users.columns.when'), cell: (generation) => formatDateTime(text, generation.createdAt) },
    {
      header: t('admin.users.columns.tool'),
      cell: (generation) => generation.toolName ?? t('admin.users.columns.deletedTool'),
    },
    {
      header: t('admin.users.columns.status'),
      cell: (generation) => t(`admin.users.generationStatus.${generation.status}`),
    },
    { header: t('admin.users.columns.credits'), cell: (generation) => format.number(generation.credits) },
  ]
}

export function purchaseColumns(text: AdminText): RecordColumn<UserPurchase>[] {
  const { t, format } = text
  return [
    { header: t('admin.users.columns.when'), cell: (purchase) => formatDateTime(text, purchase.createdAt) },
    { header: t('admin.users.columns.plan'), cell: (purchase) => purchase.name },
    {
      header: t('admin.users.columns.price'),
      cell: (purchase) => formatMoney(text, purchase.priceCents, purchase.currency),
    },
    { header: t('admin.users.columns.status'), cell: (purchase) => t(`admin.users.purchaseStatus.${purchase.status}`) },
    { header: t('admin.users.columns.credits'), cell: (purchase) => format.number(purchase.credits) },
  ]
}

export function auditColumns(text: AdminText): RecordColumn<AuditEntry>[] {
  const { t } = text
  return [
    { header: t('admin.users.columns.when'), cell: (entry) => formatDateTime(text, entry.createdAt) },
    { header: t('admin.users.columns.what'), cell: (entry) => auditActionText(text, entry.action) },
    { header: t('admin.users.columns.by'), cell: (entry) => entry.actor?.name ?? t('admin.users.columns.operator') },
    { header: t('admin.users.columns.details'), cell: (entry) => auditDetailsText(text, entry.details) },
  ]
}
