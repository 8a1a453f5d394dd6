/**
 * How a session is named in the list: the browser and system its user agent names ("Chrome on
 * Linux"), not the whole header, and when it was last used in words ("5 minutes ago"), in the
 * page's language. Browser and system names are product names: the same in every language.
 */
import type { TFunction } from 'i18next'

import type { Formats } from '../../../i18n/useFormat.ts'

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//i, 'curl'],
]

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
]

const MAX_RAW = 40

function firstMatch(userAgent: string, table: readonly [RegExp, string][]): string | null {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null
}

export function describeUserAgent(userAgent: string | null, t: TFunction<'account'>): string {
  const agent = userAgent?.trim() ?? ''
  if (agent === '') return t('profile.sessions.unknownDevice')
  const browser = firstMatch(agent, BROWSERS)
  const system = firstMatch(agent, SYSTEMS)
  if (browser && system) return t('profile.sessions.browserOnSystem', { browser, system })
  if (browser ?? system) return (browser ?? system) as string
  // Something else (a script, a bot): its own words, cut short.
  return agent.length > MAX_RAW ? `${agent.slice(0, MAX_RAW - 1)}…` : agent
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago"; a week or more: the date. */
export function describeLastSeen(
  lastSeen: Date,
  { t, format }: { t: TFunction<'account'>; format: Formats },
  now: Date = new Date(),
): string {
  const elapsed = Math.max(0, now.getTime() - lastSeen.getTime())
  if (elapsed < MINUTE) return t('profile.sessions.justNow')
  const relative = new Intl.RelativeTimeFormat(format.language, { numeric: 'auto' })
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute')
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour')
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day')
  return format.dateTime(lastSeen)
}
