import type { LedgerEntry } from './admin-types.ts'

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** The first block of a UUID: enough to tell rows apart at a glance; the detail shows it whole. */
export function shortId(id: string): string {
  return id.length > 8 ? id.slice(0, 8) : id
}

export function formatDate(date: Date | null, missing = '—'): string {
  return date ? dateOnly.format(date) : missing
}

export function formatDateTime(date: Date | null, missing = '—'): string {
  return date ? dateTime.format(date) : missing
}

/** A count with thousands separators, the same in every locale the tests run in. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US')
}

/** Credits received read with a plus sign, credits spent with a minus (a true minus sign). */
export function formatSignedCredits(amount: number): string {
  return amount > 0 ? `+${formatCount(amount)}` : amount < 0 ? `−${formatCount(-amount)}` : '0'
}

const LEDGER_REASONS: Record<LedgerEntry['reason'], string> = {
  trial: 'Trial',
  generation: 'Generation',
  refund: 'Refund of a failed generation',
  referral: 'Referral',
  purchase: 'Purchase',
  admin_topup: 'Added by an admin',
  expiry: 'Expired',
  usage: 'Usage reported by a script',
  purchase_refund: 'Purchase refunded',
  admin_revoke: 'Revoked by an admin',
}

export function ledgerReasonText(reason: LedgerEntry['reason']): string {
  return LEDGER_REASONS[reason]
}

/** A rate from 0 to 1 as a percentage with one decimal ("12.5%"). */
export function formatPercent(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toLocaleString('en-US')}%`
}
