import superjson from 'superjson'
import { describe, expect, it } from 'vitest'

import { isPlainJson, plainJsonFirstTransformer } from './plain-json-transformer.ts'

describe('plainJsonFirstTransformer', () => {
  it.each([
    [
      'a catalogue-like list',
      [{ id: 'a', name: 'X', labels: ['All Tools'], upcoming: false, isBookmarked: true, kind: 'generic' }],
    ],
    ['nested objects and numbers', { tool: { faq: [{ question: 'Q', answer: 'A' }] }, similar: [], n: 1.5 }],
    ['a bare string', 'ok'],
    ['null', null],
  ])('gives superjson’s own output for %s, with no walk', (_label, value) => {
    expect(plainJsonFirstTransformer.serialize(value)).toEqual(superjson.serialize(value))
  })

  it.each([
    ['a Date', { at: new Date('2026-11-22T00:00:00Z') }],
    ['undefined in an object', { a: undefined }],
    ['undefined in an array', [1, undefined]],
    ['a Map', new Map([['a', 1]])],
    ['NaN', { n: Number.NaN }],
    ['-0', -0],
    ['a bigint', 10n],
    [
      'a class instance',
      new (class Point {
        x = 1
      })(),
    ],
  ])('hands %s to superjson, so it survives the round trip', (_label, value) => {
    expect(isPlainJson(value)).toBe(false)
    const wire = JSON.parse(JSON.stringify(plainJsonFirstTransformer.serialize(value)))
    expect(plainJsonFirstTransformer.deserialize(wire)).toEqual(superjson.deserialize(superjson.serialize(value)))
  })

  it('round-trips plain data through the wire unchanged', () => {
    const value = { list: [{ id: '1', tags: ['a', 'b'], ok: true }], count: 2 }
    const wire = JSON.parse(JSON.stringify(plainJsonFirstTransformer.serialize(value)))
    expect(superjson.deserialize(wire)).toEqual(value)
  })
})
