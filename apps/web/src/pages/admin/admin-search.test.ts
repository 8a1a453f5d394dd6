import { describe, expect, it } from 'vitest'

import { adminSearchParams, parseAdminSearch } from './admin-search.ts'

describe('parseAdminSearch', () => {
  it('reads the tab, search, sort, order and range it knows', () => {
    expect(parseAdminSearch({ tab: 'dashboard', q: ' ada ', sort: 'credits', order: 'asc', range: '90d' })).toEqual({
      tab: 'dashboard',
      q: 'ada',
      sort: 'credits',
      order: 'asc',
      days: 90,
    })
  })

  it('drops defaults and anything it does not know', () => {
    expect(parseAdminSearch({ tab: 'users', range: '30d', q: '   ' })).toEqual({})
    expect(parseAdminSearch({ tab: 'secrets', sort: 'password', order: 'sideways', range: '12d' })).toEqual({})
  })
})

describe('adminSearchParams', () => {
  it('writes the range with its unit, and leaves defaults out of the address', () => {
    expect(adminSearchParams({ tab: 'dashboard', days: 7 })).toEqual({ tab: 'dashboard', range: '7d' })
    expect(adminSearchParams({ tab: 'users', days: 30, q: '' })).toEqual({})
    expect(adminSearchParams({ q: 'grace', sort: 'name', order: 'desc' })).toEqual({
      q: 'grace',
      sort: 'name',
      order: 'desc',
    })
  })

  it('reads back what it writes', () => {
    const search = {
      tab: 'dashboard' as const,
      q: 'x',
      sort: 'email' as const,
      order: 'asc' as const,
      days: 365 as const,
    }
    expect(parseAdminSearch(adminSearchParams(search))).toEqual(search)
  })
})
