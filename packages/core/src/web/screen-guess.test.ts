import { describe, expect, it } from 'vitest'

import { screenGuessOf } from './screen-guess.ts'

const IPHONE = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15',
  '(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
].join(' ')
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/604.1'
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'

describe('screenGuessOf', () => {
  it("takes a phone when either Chromium's mobile hint or the user agent says so", () => {
    expect(screenGuessOf({ 'sec-ch-ua-mobile': '?1', 'user-agent': DESKTOP_CHROME })).toBe('phone')
    // An emulated phone: its user agent changed, the hint still the desktop's.
    expect(screenGuessOf({ 'sec-ch-ua-mobile': '?0', 'user-agent': IPHONE })).toBe('phone')
    expect(screenGuessOf({ 'sec-ch-ua-mobile': '?0', 'user-agent': DESKTOP_CHROME })).toBe('wide')
  })

  it('reads a phone from the user agent when no hint is sent (Safari, Firefox)', () => {
    expect(screenGuessOf({ 'user-agent': IPHONE })).toBe('phone')
  })

  it('gives tablets and desktops the wide layout', () => {
    expect(screenGuessOf({ 'user-agent': IPAD })).toBe('wide')
    expect(screenGuessOf({ 'user-agent': DESKTOP_CHROME })).toBe('wide')
    expect(screenGuessOf({})).toBe('wide')
  })
})
