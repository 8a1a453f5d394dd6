/**
 * The days a stats range covers, as UTC calendar days (`YYYY-MM-DD`), both ends included. Pure: the
 * schema resolves the range with it and the handler lays its series out on it.
 */

const DAY_MS = 24 * 60 * 60 * 1000

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10)
}

export function addUtcDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS))
}

/** Every day from `from` to `to`, both included; empty when `to` is before `from`. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = []
  for (let day = from; day <= to; day = addUtcDays(day, 1)) days.push(day)
  return days
}

/** How many days the range covers, both ends included (0 or less when `to` is before `from`). */
export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS) + 1
}
