import { describe, expect, it } from 'vitest'

import { testI18n } from '../../../i18n/testing.ts'
import { formatsFor } from '../../../i18n/useFormat.ts'
import { describeLastSeen, describeUserAgent } from './describe-session.ts'

const t = testI18n.getFixedT('en', 'account')
const english = { t, format: formatsFor('en') }

const WEBKIT = 'AppleWebKit/537.36 (KHTML, like Gecko)'

describe('describeUserAgent', () => {
  it.each([
    [`Mozilla/5.0 (X11; Linux x86_64) ${WEBKIT} HeadlessChrome/131.0.0.0 Safari/537.36`, 'Chrome on Linux'],
    [`Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${WEBKIT} Chrome/131.0 Safari/537.36 Edg/131.0`, 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on macOS'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
        'Version/17.1 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [`Mozilla/5.0 (Linux; Android 14; Pixel 8) ${WEBKIT} Chrome/131.0 Mobile Safari/537.36`, 'Chrome on Android'],
    ['curl/8.5.0', 'curl'],
  ])('names %s as %s', (agent, expected) => {
    expect(describeUserAgent(agent, t)).toBe(expected)
  })

  it('says "Unknown device" when there is no user agent', () => {
    expect(describeUserAgent(null, t)).toBe('Unknown device')
    expect(describeUserAgent('  ', t)).toBe('Unknown device')
  })

  it('cuts an unknown agent to 40 characters', () => {
    const described = describeUserAgent('some-script/1.0 '.repeat(10), t)
    expect(described).toHaveLength(40)
    expect(described.endsWith('…')).toBe(true)
  })
})

describe('describeLastSeen', () => {
  const now = new Date('2026-11-25T12:00:00Z')
  it.each([
    [10_000, 'just now'],
    [5 * 60_000, '5 minutes ago'],
    [3 * 3_600_000, '3 hours ago'],
    [24 * 3_600_000, 'yesterday'],
    [2 * 24 * 3_600_000, '2 days ago'],
  ])('%i ms ago reads "%s"', (ago, expected) => {
    expect(describeLastSeen(new Date(now.getTime() - ago), english, now)).toBe(expected)
  })

  it('gives the date after a week', () => {
    expect(describeLastSeen(new Date('2026-11-01T09:30:00Z'), english, now)).toMatch(/2026/)
  })

  it('reads in the page language', () => {
    const spanish = { t, format: formatsFor('es') }
    expect(describeLastSeen(new Date(now.getTime() - 5 * 60_000), spanish, now)).toBe('hace 5 minutos')
  })
})
