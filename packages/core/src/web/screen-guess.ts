import type { ScreenGuess } from './page-renderer.ts'

/** Phones say "Mobi" in their user agent (iPhone, Android phones); tablets, laid out wide, do not. */
const PHONE_USER_AGENT = /Mobi/i

/**
 * Guesses from a request's headers whether it comes from a phone: Chromium's client hint
 * (`Sec-CH-UA-Mobile: ?1`) when sent, else the user agent. Only a layout hint: the page corrects it.
 */
export function screenGuessOf(headers: Record<string, string | string[] | undefined>): ScreenGuess {
  const hint = headers['sec-ch-ua-mobile']
  if (typeof hint === 'string') return hint.trim() === '?1' ? 'phone' : 'wide'
  const userAgent = headers['user-agent']
  return typeof userAgent === 'string' && PHONE_USER_AGENT.test(userAgent) ? 'phone' : 'wide'
}
