import { addUtcDays, utcDay } from '@promptly/api/admin/stats-range'

import type { StatsRangeDays } from '../admin-search.ts'
import type { AdminText } from '../useAdminText.ts'

/** The last `days` UTC days, today included: the server's days are UTC too. */
export function lastDays(days: StatsRangeDays, now: Date = new Date()): { from: string; to: string } {
  const to = utcDay(now)
  return { from: addUtcDays(to, 1 - days), to }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** A UTC day (`2026-11-20`) as a chart reads it, in the page's language: "Nov 20". */
export function dayLabel(language: string, day: string): string {
  let dayFormat = dayFormats.get(language)
  if (!dayFormat) {
    dayFormat = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' })
    dayFormats.set(language, dayFormat)
  }
  return dayFormat.format(new Date(`${day}T00:00:00.000Z`))
}

/** The range shown, in words: "Nov 20 to Nov 26 (UTC)". */
export function rangeText({ t, format }: AdminText, { from, to }: { from: string; to: string }): string {
  return t('admin.dashboard.rangeText', { from: dayLabel(format.language, from), to: dayLabel(format.language, to) })
}
