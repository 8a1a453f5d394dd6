// One formatter per language and currency: the plans page shows a dozen prices, and building a
// formatter is the costly part.
const priceFormats = new Map<string, Intl.NumberFormat>()

/** A price from the server's integer cents, in its currency ("$14.99" in English). */
export function formatPrice(priceCents: number, currency: string, language = 'en-US'): string {
  const key = `${language} ${currency.toUpperCase()}`
  let format = priceFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() })
    priceFormats.set(key, format)
  }
  return format.format(priceCents / 100)
}
