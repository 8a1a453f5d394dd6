import { describe, expect, it } from 'vitest'

import { LONGEST_RETRY_AFTER_MS, retryAfterMs } from './retry-after.ts'

describe('retryAfterMs', () => {
  it.each([
    [{ 'retry-after-ms': '1500' }, 1500],
    [{ 'retry-after-ms': '250', 'retry-after': '9' }, 250],
    [{ 'retry-after': '20' }, 20_000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after': 'Sun, 06 Dec 2026 20:00:30 GMT' }, 30_000],
    [{ 'retry-after': 'Sun, 06 Dec 2026 19:59:00 GMT' }, 0],
  ])('reads %o as %i ms', (headers, expected) => {
    expect(retryAfterMs(new Headers(headers), Date.parse('2026-12-06T20:00:00Z'))).toBe(expected)
  })

  it.each([
    [undefined],
    [new Headers()],
    [new Headers({ 'retry-after': 'soon' })],
    [new Headers({ 'retry-after': '-3' })],
    [new Headers({ 'retry-after': String(LONGEST_RETRY_AFTER_MS / 1000 + 1) })],
  ])('gives nothing for %o', (headers) => {
    expect(retryAfterMs(headers)).toBeUndefined()
  })
})
