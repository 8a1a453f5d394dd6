import type { ScreenGuess } from './page-renderer.ts'

/** Phones say "Mobi" in their user agent (iPhone, Android phones); tablets, laid out wide, do not. */
const PHONE_USER_AGENT = /Mobi/i

/**
 * Guesses from a request's headers whether it comes from a phone: Chromium's client hint
 * (`Sec-CH-UA-Mobile: ?1`) or a phone's user agent. Either is enough: a browser whose user agent was
 * changed (device emulation, a test) may still send the hint of the machine it runs on. Only a
 * layout hint: the page corrects it.
 */
export function screenGuessOf(headers: Record<string, string | string[] | undefined>): ScreenGuess {
  const hint = headers['sec-ch-ua-mobile']
  const userAgent = headers['user-agent']
  const phone =
    (typeof hint === 'string' && hint.trim() === '?1') ||
    (typeof userAgent === 'string' && PHONE_USER_AGENT.test(userAgent))
  return phone ? 'phone' : 'wide'
}
