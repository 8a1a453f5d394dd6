import { describe, expect, it } from 'vitest'

import { CREDIT_COSTS, creditCost, type GenerationRequest } from './costs.ts'

describe('creditCost', () => {
  it.each<[GenerationRequest, number]>([
    [{ kind: 'text' }, 1],
    [{ kind: 'paraphrase' }, 1],
    [{ kind: 'speech' }, 1],
    [{ kind: 'transcription' }, 1],
  ])('charges %o %i credit', (request, credits) => {
    expect(creditCost(request)).toBe(credits)
  })

  it('charges 1 credit per standard image and 2 per hd image', () => {
    expect(creditCost({ kind: 'image', n: 1, quality: 'standard' })).toBe(1)
    expect(creditCost({ kind: 'image', n: 1, quality: 'hd' })).toBe(2)
    expect(creditCost({ kind: 'image', n: 4, quality: 'standard' })).toBe(4)
    expect(creditCost({ kind: 'image', n: 10, quality: 'hd' })).toBe(20)
  })

  it('reads every price from the one table', () => {
    expect(CREDIT_COSTS).toEqual({ text: 1, paraphrase: 1, speech: 1, transcription: 1, image: { standard: 1, hd: 2 } })
  })

  it.each([0, 11, 2.5, -1, Number.NaN])('refuses an image count of %s', (n) => {
    expect(() => creditCost({ kind: 'image', n, quality: 'hd' })).toThrow(RangeError)
  })
})
