import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { isUuid } from './uuid.ts'

const ZOD_UUID = z.uuid()

const CASES = [
  '036db5e6-e288-8ac8-9a78-f1ee551560b6',
  '036DB5E6-E288-8AC8-9A78-F1EE551560B6',
  '123e4567-e89b-12d3-a456-426614174000',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '123e4567-e89b-02d3-a456-426614174000', // version 0
  '123e4567-e89b-92d3-a456-426614174000', // version 9
  '123e4567-e89b-12d3-c456-426614174000', // variant c
  '123e4567-e89b-12d3-7456-426614174000', // variant 7
  '123e4567e89b12d3a456426614174000',
  '123e4567-e89b-12d3-a456-42661417400',
  '123e4567-e89b-12d3-a456-4266141740000',
  ' 123e4567-e89b-12d3-a456-426614174000',
  '123e4567-e89b-12d3-a456-426614174000\n',
  '{123e4567-e89b-12d3-a456-426614174000}',
  'g23e4567-e89b-12d3-a456-426614174000',
  '',
  'not-a-uuid',
]

describe('isUuid', () => {
  it.each(CASES)('agrees with the API schemas (z.uuid()) on %j', (text) => {
    expect(isUuid(text)).toBe(ZOD_UUID.safeParse(text).success)
  })

  it('accepts a tool id and refuses what only looks like one', () => {
    expect(isUuid('036db5e6-e288-8ac8-9a78-f1ee551560b6')).toBe(true)
    expect(isUuid('036db5e6-e288-0ac8-9a78-f1ee551560b6')).toBe(false)
  })
})
