import { formatPrice } from '../payment/payment-format.ts'
import type { AdminText } from './useAdminText.ts'

/** The first block of a UUID: enough to tell rows apart at a glance; the detail shows it whole. */
export function shortId(id: string): string {
  return id.length > 8 ? id.slice(0, 8) : id
}

/** A day, or a dash (or `missing`, say "Never") when there is none. */
export function formatDate({ t, format }: AdminText, date: Date | null, missing = t('admin.format.none')): string {
  return date ? format.date(date) : missing
}

export function formatDateTime({ t, format }: AdminText, date: Date | null, missing = t('admin.format.none')): string {
  return date ? format.dateTime(date) : missing
}

/** Credits received read with a plus sign, credits spent with a minus (a true minus sign). */
export function formatSignedCredits({ format }: AdminText, amount: number): string {
  return amount > 0 ? `+${format.number(amount)}` : amount < 0 ? `−${format.number(-amount)}` : format.number(0)
}

/** "1,000 credits", in the page's language. */
export function formatCredits({ t, format }: AdminText, count: number): string {
  return t('admin.format.credits', { count, amount: format.number(count) })
}

/** A rate from 0 to 1 as a percentage with one decimal ("12.5%"). */
export function formatPercent({ format }: AdminText, rate: number): string {
  return new Intl.NumberFormat(format.language, { style: 'percent', maximumFractionDigits: 1 }).format(rate)
}

/** A price from the server's integer cents, in its currency ("$14.99"). */
export function formatMoney({ format }: AdminText, cents: number, currency: string): string {
  return formatPrice(cents, currency, format.language)
}
