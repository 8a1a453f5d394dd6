/**
 * The catalogue's code, fetched on demand. The home route's loader starts it together with the
 * page's own chunk and first data, so showing the catalogue costs no extra round trip.
 */
export const loadCatalogue = () => import('./Catalogue.tsx')
