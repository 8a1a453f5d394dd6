import { describe, expect, it } from 'vitest'

import { ariaSort, currentSorting, sortingAfterClick } from './user-sorting.ts'

describe('user sorting', () => {
  it('falls back to newest sign-ups first, and to each column’s natural order', () => {
    expect(currentSorting()).toEqual({ sort: 'joined', order: 'desc' })
    expect(currentSorting('name')).toEqual({ sort: 'name', order: 'asc' })
    expect(currentSorting('credits')).toEqual({ sort: 'credits', order: 'desc' })
    expect(currentSorting('name', 'desc')).toEqual({ sort: 'name', order: 'desc' })
  })

  it('turns the sorted column around, and starts another in its natural order', () => {
    const byName = currentSorting('name')
    expect(sortingAfterClick(byName, 'name')).toEqual({ sort: 'name', order: 'desc' })
    expect(sortingAfterClick(currentSorting('name', 'desc'), 'name')).toEqual({ sort: 'name', order: undefined })
    expect(sortingAfterClick(byName, 'credits')).toEqual({ sort: 'credits', order: undefined })
  })

  it('tells assistive technology which column is sorted and how', () => {
    const byCredits = currentSorting('credits')
    expect(ariaSort(byCredits, 'credits')).toBe('descending')
    expect(ariaSort(byCredits, 'name')).toBe('none')
    expect(ariaSort(currentSorting('email'), 'email')).toBe('ascending')
  })
})
