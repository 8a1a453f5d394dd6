import { describe, expect, it } from 'vitest'

import { lazily } from './lazily.ts'

describe('lazily', () => {
  it('makes the value on the first call only, and hands the same one to every later call', () => {
    let made = 0
    const value = lazily(() => ({ made: ++made }))
    expect(made).toBe(0)
    const first = value()
    expect(value()).toBe(first)
    expect(made).toBe(1)
  })

  it('keeps a value that is undefined rather than making it again', () => {
    let made = 0
    const value = lazily(() => {
      made += 1
      return undefined
    })
    value()
    value()
    expect(made).toBe(1)
  })
})
