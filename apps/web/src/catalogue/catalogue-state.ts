import { ALL_TOOLS, MY_TOOLS } from '@promptly/core/catalogue/labels'
import { SEARCH_TEXT_MAX } from '@promptly/core/catalogue/search-text'

/**
 * What the catalogue shows: a category, or (when `search` is set) the results of a search.
 * On mobile each search also becomes a tab of its own (`searchTabs`, newest first), which stays
 * selectable after picking another category; the desktop shows results in place of the tabs' panel.
 */
export interface CatalogueState {
  category: string
  search: string | null
  searchTabs: string[]
}

export type CatalogueAction =
  { type: 'select-category'; category: string } | { type: 'search'; text: string } | { type: 'clear-search' }

export function initialCatalogueState(openMyTools: boolean): CatalogueState {
  return { category: openMyTools ? MY_TOOLS : ALL_TOOLS, search: null, searchTabs: [] }
}

export function normaliseSearchText(text: string): string {
  return Array.from(text.trim()).slice(0, SEARCH_TEXT_MAX).join('')
}

export function catalogueReducer(state: CatalogueState, action: CatalogueAction): CatalogueState {
  switch (action.type) {
    case 'select-category':
      return { ...state, category: action.category, search: null }
    case 'clear-search':
      return { ...state, search: null }
    case 'search': {
      const text = normaliseSearchText(action.text)
      // An empty search goes back to the whole catalogue.
      if (text === '') return { ...state, category: ALL_TOOLS, search: null }
      const searchTabs = state.searchTabs.includes(text) ? state.searchTabs : [text, ...state.searchTabs]
      return { ...state, search: text, searchTabs }
    }
  }
}

/**
 * The category an action puts on show in place of another category or of a search (whose cards
 * are then refetched, spec §4), or null when the shown category stays or a search takes over.
 */
export function newlyShownCategory(state: CatalogueState, action: CatalogueAction): string | null {
  const next = catalogueReducer(state, action)
  if (next.search !== null) return null
  return state.search !== null || next.category !== state.category ? next.category : null
}

/** The categories a visitor sees: the server's list (All Tools first), My Tools second when signed in. */
export function visibleCategories(categories: readonly string[] | undefined, signedIn: boolean): string[] {
  const list = categories && categories.length > 0 ? [...categories] : [ALL_TOOLS]
  const rest = list.filter((category) => category !== ALL_TOOLS && category !== MY_TOOLS)
  return signedIn ? [ALL_TOOLS, MY_TOOLS, ...rest] : [ALL_TOOLS, ...rest]
}

/**
 * The category to show: the chosen one while it is offered (My Tools disappears on sign-out), else
 * All Tools. My Tools chosen while the identity is still loading is kept, so `?mytools` waits.
 */
export function shownCategory(state: CatalogueState, categories: readonly string[], identityLoading: boolean): string {
  if (categories.includes(state.category)) return state.category
  if (state.category === MY_TOOLS && identityLoading) return MY_TOOLS
  return ALL_TOOLS
}

/** A stable DOM-safe key for a tab or accordion item ("Social Media Bio's" -> "category-social-media-bio-s"). */
export function viewKey(kind: 'category' | 'search', text: string): string {
  const slug = Array.from(text.toLowerCase())
    .map((char) => (/[\p{L}\p{N}]/u.test(char) ? char : '-'))
    .join('')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
  // Different texts can share a slug ("a.b", "a b"): the code points keep keys distinct.
  const hash = Array.from(text).reduce((sum, char) => (sum * 31 + char.codePointAt(0)!) >>> 0, 7)
  return `${kind}-${slug || 'x'}-${hash.toString(36)}`
}
