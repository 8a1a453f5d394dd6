/** The id of the home page's catalogue section, which the search and `?mytools` scroll to. */
export const CATALOGUE_ID = 'catalogue'

export function scrollToCatalogue() {
  document.getElementById(CATALOGUE_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
}
