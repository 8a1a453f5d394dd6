/**
 * The languages the portal's interface is written in, each named in itself (the picker shows
 * "Español", not "Spanish") with its writing direction. The server renders pages in one of these
 * and the browser hydrates in the same one, so both choose with the functions below.
 */
export const LANGUAGES = {
  en: { name: 'English', dir: 'ltr' },
  es: { name: 'Español', dir: 'ltr' },
  hi: { name: 'हिन्दी', dir: 'ltr' },
  ar: { name: 'العربية', dir: 'rtl' },
} as const satisfies Record<string, { name: string; dir: 'ltr' | 'rtl' }>

export type Language = keyof typeof LANGUAGES
export type TextDirection = (typeof LANGUAGES)[Language]['dir']

export const LANGUAGE_CODES = Object.keys(LANGUAGES) as [Language, ...Language[]]
export const DEFAULT_LANGUAGE: Language = 'en'

/** The cookie that remembers a visitor's choice: the server reads it to render in that language. */
export const LANGUAGE_COOKIE = 'lang'
const ONE_YEAR_S = 365 * 24 * 60 * 60

// A plain lookup rather than a zod enum: the browser's first page imports this, and zod would
// come with it.
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && Object.hasOwn(LANGUAGES, value)

export const directionOf = (language: Language): TextDirection => LANGUAGES[language].dir

/**
 * The first supported language among a visitor's preferences, most preferred first ("es-MX"
 * counts as "es"); English when none is supported.
 */
export function negotiateLanguage(preferences: readonly string[]): Language {
  for (const preference of preferences) {
    const primary = preference.trim().toLowerCase().split('-')[0]
    if (isLanguage(primary)) return primary
  }
  return DEFAULT_LANGUAGE
}

/** An Accept-Language header's tags, most preferred first (by q, then by order); q=0 means "not this". */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined)
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), order }
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && Number.isFinite(quality) && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order)
    .map(({ tag }) => tag)
}

/** The language remembered in a Cookie header, if it names a supported one. */
export function languageInCookies(cookieHeader: string | undefined): Language | undefined {
  if (!cookieHeader) return undefined
  for (const pair of cookieHeader.split(';')) {
    const [name, value] = pair.split('=').map((part) => part.trim())
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value
  }
  return undefined
}

/** The visitor's choice when remembered, otherwise the best match for their browser's languages. */
export function chooseLanguage(cookieHeader: string | undefined, preferences: readonly string[]): Language {
  return languageInCookies(cookieHeader) ?? negotiateLanguage(preferences)
}

/** The Set-Cookie / document.cookie value that remembers a choice for a year. */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`
}
