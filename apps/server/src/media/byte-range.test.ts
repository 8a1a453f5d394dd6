import { describe, expect, it } from 'vitest'

import { parseByteRange } from './byte-range.ts'

describe('parseByteRange', () => {
  it('reads the single-range forms audio players send', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(parseByteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 })
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 })
  })

  it('sends the whole file for no header, other units, several ranges or nonsense', () => {
    expect(parseByteRange(undefined, 1000)).toBeNull()
    expect(parseByteRange('items=0-1', 1000)).toBeNull()
    expect(parseByteRange('bytes=0-1,5-9', 1000)).toBeNull()
    expect(parseByteRange('bytes=9-2', 1000)).toBeNull()
    expect(parseByteRange('bytes=-', 1000)).toBeNull()
  })

  it('calls a range past the end unsatisfiable', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable')
  })
})
