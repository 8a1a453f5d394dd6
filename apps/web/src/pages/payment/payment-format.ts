/** A price from the server's integer cents, in its currency ("$14.99" in English). */
export function formatPrice(priceCents: number, currency: string, language = 'en-US'): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(
    priceCents / 100,
  )
}
