import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'

import { outputCheckedOutsideProduction } from './trpc.ts'

const card = z.object({ id: z.string(), isBookmarked: z.boolean() })
const check = outputCheckedOutsideProduction(z.array(card))

describe('outputCheckedOutsideProduction', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('outside production, passes an answer of exactly the schema’s shape', () => {
    vi.stubEnv('NODE_ENV', 'test')
    const answer = [{ id: 'a', isBookmarked: false }]
    expect(check(answer)).toEqual(answer)
  })

  it('outside production, refuses an answer the schema refuses', () => {
    vi.stubEnv('NODE_ENV', 'development')
    expect(() => check([{ id: 1, isBookmarked: false }])).toThrow(z.ZodError)
  })

  it('outside production, refuses an answer the schema would change (a field it strips)', () => {
    vi.stubEnv('NODE_ENV', 'test')
    expect(() => check([{ id: 'a', isBookmarked: false, passwordHash: 'x' }])).toThrow(/changes when parsed/)
  })

  it('in production, sends the answer as it is, unparsed', () => {
    vi.stubEnv('NODE_ENV', 'production')
    const answer = [{ id: 'a', isBookmarked: false }]
    expect(check(answer)).toBe(answer)
  })
})
