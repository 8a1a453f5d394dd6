import { describe, expect, it } from 'vitest'

import { DEFAULT_REFERRAL_DAILY_CAP } from '@promptly/core/credits/plan-rules'

import { parseEnv } from '../config/env.ts'
import { problemsOf } from '../config/testing/config-problems.ts'

describe('REFERRAL_DAILY_CAP', () => {
  it(`is ${DEFAULT_REFERRAL_DAILY_CAP} unless set, and takes any whole number from 0 (no rewards)`, () => {
    expect(DEFAULT_REFERRAL_DAILY_CAP).toBe(3)
    expect(parseEnv({}).REFERRAL_DAILY_CAP).toBe(DEFAULT_REFERRAL_DAILY_CAP)
    expect(parseEnv({ REFERRAL_DAILY_CAP: '5' }).REFERRAL_DAILY_CAP).toBe(5)
    expect(parseEnv({ REFERRAL_DAILY_CAP: '0' }).REFERRAL_DAILY_CAP).toBe(0)
  })

  it('refuses a negative or fractional cap, naming the variable', () => {
    for (const value of ['-1', '2.5', 'ten'])
      expect(problemsOf({ REFERRAL_DAILY_CAP: value })[0]).toMatch(/^REFERRAL_DAILY_CAP:/)
  })
})
