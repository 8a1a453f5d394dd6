import { addUtcDays, utcDay } from '@promptly/api/admin/stats-range'

import type { StatsRangeDays } from '../admin-search.ts'

/** The last `days` UTC days, today included: the server's days are UTC too. */
export function lastDays(days: StatsRangeDays, now: Date = new Date()): { from: string; to: string } {
  const to = utcDay(now)
  return { from: addUtcDays(to, 1 - days), to }
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/** A UTC day (`2026-11-20`) as a chart reads it: "Nov 20". */
export function dayLabel(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00.000Z`))
}

/** The range shown, in words: "Nov 20 to Nov 26 (UTC)". */
export function rangeText({ from, to }: { from: string; to: string }): string {
  return `${dayLabel(from)} to ${dayLabel(to)} (UTC)`
}
