import { describe, expect, it } from 'vitest'

import { categoriesInUse } from './labels.ts'

describe('categoriesInUse', () => {
  it('puts All Tools first and keeps the fixed label order', () => {
    expect(categoriesInUse(['Upcoming Tools', 'SEO Tools', "Social Media Bio's"])).toEqual([
      'All Tools',
      "Social Media Bio's",
      'SEO Tools',
      'Upcoming Tools',
    ])
  })

  it('never lists My Tools or All Tools twice', () => {
    expect(categoriesInUse(['All Tools', 'My Tools', 'Email Tools'])).toEqual(['All Tools', 'Email Tools'])
  })

  it('sorts labels outside the fixed list after it, alphabetically', () => {
    expect(categoriesInUse(['Zeta', 'Alpha', 'Blog Creator'])).toEqual(['All Tools', 'Blog Creator', 'Alpha', 'Zeta'])
  })

  it('gives All Tools alone when no tool carries a label', () => {
    expect(categoriesInUse([])).toEqual(['All Tools'])
  })
})
