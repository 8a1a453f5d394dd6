import type { PurchaseView } from '@promptly/api/payments/history.schema'

export type SortDirection = 'ascending' | 'descending'

/** The history by creation date; the newest first by default, as the server sends it. */
export function sortTransactions(rows: readonly PurchaseView[], direction: SortDirection): PurchaseView[] {
  const sign = direction === 'ascending' ? 1 : -1
  return [...rows].sort((a, b) => sign * (a.createdAt.getTime() - b.createdAt.getTime()) || a.id.localeCompare(b.id))
}
