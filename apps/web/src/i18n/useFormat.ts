import { useTranslation } from 'react-i18next'

/**
 * Numbers, dates and prices in the page's language (Intl): "1,000" in English, "1.000" in
 * Spanish, Arabic-Indic digits in Arabic. Formatters are built once per language.
 */
export function useFormat() {
  const { i18n } = useTranslation()
  return formatsFor(i18n.language)
}

// Intl formatters are costly to build and every card, row and panel asks for them: one set per
// language for the life of the page, each formatter built when first used. The first one a page
// builds reads the language's data on the main thread (longest on a phone), so a page that shows no
// date or price never pays for those.
const formatsByLanguage = new Map<string, ReturnType<typeof buildFormats>>()

export function formatsFor(language: string) {
  let formats = formatsByLanguage.get(language)
  if (!formats) {
    formats = buildFormats(language)
    formatsByLanguage.set(language, formats)
  }
  return formats
}

/** Builds the formatter on its first call, then reuses it. */
function later<T>(build: () => T): () => T {
  let made: T | undefined
  return () => (made ??= build())
}

/**
 * Languages whose numbers Intl writes in Latin digits: there, a whole number below 1,000 needs no
 * formatter (no grouping, no other digits). The small counts a page shows as it loads (image
 * counts, credits) then cost nothing; useFormat.test.ts holds this to what Intl writes.
 */
const LATIN_DIGITS = new Set(['en', 'es', 'hi'])

function buildFormats(language: string) {
  const integer = later(() => new Intl.NumberFormat(language))
  const day = later(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }))
  const moment = later(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }))
  const dollars = later(() => new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }))
  const plainSmall = LATIN_DIGITS.has(language)
  return {
    language,
    number: (value: number) =>
      plainSmall && Number.isInteger(value) && value >= 0 && value < 1000 ? String(value) : integer().format(value),
    date: (value: Date | string | number) => day().format(new Date(value)),
    dateTime: (value: Date | string | number) => moment().format(new Date(value)),
    /** A price in US dollars (the plans are priced in dollars). */
    dollars: (value: number) => dollars().format(value),
  }
}

export type Formats = ReturnType<typeof formatsFor>
