import { describe, expect, it } from 'vitest'

import {
  catalogueReducer,
  initialCatalogueState,
  newlyShownCategory,
  shownCategory,
  viewKey,
  visibleCategories,
} from './catalogue-state.ts'

const SERVER_CATEGORIES = ['All Tools', 'In Demand Tools', 'SEO Tools']

describe('visibleCategories', () => {
  it('puts All Tools first and, for a signed-in user only, My Tools second', () => {
    expect(visibleCategories(SERVER_CATEGORIES, false)).toEqual(['All Tools', 'In Demand Tools', 'SEO Tools'])
    expect(visibleCategories(SERVER_CATEGORIES, true)).toEqual([
      'All Tools',
      'My Tools',
      'In Demand Tools',
      'SEO Tools',
    ])
  })

  it('offers All Tools while the list is loading or empty', () => {
    expect(visibleCategories(undefined, false)).toEqual(['All Tools'])
    expect(visibleCategories([], true)).toEqual(['All Tools', 'My Tools'])
  })
})

describe('catalogueReducer', () => {
  it('opens on My Tools when asked at load, else All Tools', () => {
    expect(initialCatalogueState(true).category).toBe('My Tools')
    expect(initialCatalogueState(false).category).toBe('All Tools')
  })

  it('adds each new search as a tab, newest first, once, and selects it', () => {
    let state = initialCatalogueState(false)
    state = catalogueReducer(state, { type: 'search', text: '  bio ' })
    state = catalogueReducer(state, { type: 'search', text: 'seo' })
    state = catalogueReducer(state, { type: 'search', text: 'bio' })
    expect(state.search).toBe('bio')
    expect(state.searchTabs).toEqual(['seo', 'bio'])
  })

  it('leaves the search when a category is chosen, keeping the search tabs', () => {
    let state = catalogueReducer(initialCatalogueState(false), { type: 'search', text: 'bio' })
    state = catalogueReducer(state, { type: 'select-category', category: 'SEO Tools' })
    expect(state).toEqual({ category: 'SEO Tools', search: null, searchTabs: ['bio'] })
  })

  it('goes back to All Tools on an empty search', () => {
    let state = catalogueReducer(initialCatalogueState(false), { type: 'select-category', category: 'SEO Tools' })
    state = catalogueReducer(state, { type: 'search', text: '   ' })
    expect(state.category).toBe('All Tools')
    expect(state.search).toBeNull()
  })

  it('cuts the search text to the server limit of 200 characters', () => {
    const state = catalogueReducer(initialCatalogueState(false), { type: 'search', text: 'a'.repeat(250) })
    expect(state.search).toHaveLength(200)
  })
})

describe('newlyShownCategory', () => {
  const allTools = initialCatalogueState(false)
  const searching = catalogueReducer(allTools, { type: 'search', text: 'bio' })

  it('names the category chosen in place of another one or of a search', () => {
    expect(newlyShownCategory(allTools, { type: 'select-category', category: 'SEO Tools' })).toBe('SEO Tools')
    expect(newlyShownCategory(searching, { type: 'select-category', category: 'All Tools' })).toBe('All Tools')
    expect(newlyShownCategory(searching, { type: 'clear-search' })).toBe('All Tools')
    expect(newlyShownCategory(searching, { type: 'search', text: '  ' })).toBe('All Tools')
  })

  it('is null when the category on show stays, or a search takes its place', () => {
    expect(newlyShownCategory(allTools, { type: 'select-category', category: 'All Tools' })).toBeNull()
    expect(newlyShownCategory(allTools, { type: 'clear-search' })).toBeNull()
    expect(newlyShownCategory(allTools, { type: 'search', text: 'bio' })).toBeNull()
  })
})

describe('shownCategory', () => {
  it('falls back to All Tools when the chosen category is not offered (My Tools signed out)', () => {
    const state = initialCatalogueState(true)
    expect(shownCategory(state, visibleCategories(SERVER_CATEGORIES, false), false)).toBe('All Tools')
    expect(shownCategory(state, visibleCategories(SERVER_CATEGORIES, true), false)).toBe('My Tools')
  })

  it('keeps My Tools while the identity is loading', () => {
    expect(shownCategory(initialCatalogueState(true), ['All Tools'], true)).toBe('My Tools')
  })
})

describe('viewKey', () => {
  it('makes DOM-safe keys that tell similar texts apart', () => {
    expect(viewKey('category', "Social Media Bio's")).toMatch(/^category-social-media-bio-s-[0-9a-z]+$/)
    expect(viewKey('search', 'a.b')).not.toBe(viewKey('search', 'a b'))
    expect(viewKey('search', '%%')).toMatch(/^search-x-/)
  })
})
