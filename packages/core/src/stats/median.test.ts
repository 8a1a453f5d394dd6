import { describe, expect, it } from 'vitest'

import { median } from './median.ts'

describe('median', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5)
    expect(median([42])).toBe(42)
  })

  it('averages the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([10, 20])).toBe(15)
  })

  it('sorts numerically, not as text', () => {
    expect(median([100, 9, 20])).toBe(20)
  })

  it('answers NaN for no values', () => {
    expect(median([])).toBeNaN()
  })

  it('leaves the input in its order', () => {
    const values = [3, 1, 2]
    median(values)
    expect(values).toEqual([3, 1, 2])
  })
})
