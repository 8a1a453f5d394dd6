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
// language for the life of the page.
const formatsByLanguage = new Map<string, ReturnType<typeof buildFormats>>()

export function formatsFor(language: string) {
  let formats = formatsByLanguage.get(language)
  if (!formats) {
    formats = buildFormats(language)
    formatsByLanguage.set(language, formats)
  }
  return formats
}

function buildFormats(language: string) {
  const integer = new Intl.NumberFormat(language)
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium' })
  const moment = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })
  const dollars = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' })
  return {
    language,
    number: (value: number) => integer.format(value),
    date: (value: Date | string | number) => day.format(new Date(value)),
    dateTime: (value: Date | string | number) => moment.format(new Date(value)),
    /** A price in US dollars (the plans are priced in dollars). */
    dollars: (value: number) => dollars.format(value),
  }
}

export type Formats = ReturnType<typeof formatsFor>
