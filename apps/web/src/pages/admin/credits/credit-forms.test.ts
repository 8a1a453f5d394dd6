import { describe, expect, it } from 'vitest'

import { ENGLISH_ADMIN_TEXT } from '../testing/admin-text.ts'
import { addCreditsForm as addCreditsRules, revokeCreditsForm as revokeCreditsRules } from './credit-forms.ts'

const addCreditsForm = addCreditsRules(ENGLISH_ADMIN_TEXT)
const revokeCreditsForm = revokeCreditsRules(ENGLISH_ADMIN_TEXT)

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
}

describe('the Add Credits form', () => {
  it('keeps credits and days apart, and trims the note', () => {
    expect(addCreditsForm.parse({ credits: 50, days: 7, note: '  goodwill  ' })).toEqual({
      credits: 50,
      days: 7,
      note: 'goodwill',
    })
  })

  it('asks for both numbers when they are empty', () => {
    expect(messages(addCreditsForm.safeParse({ credits: '', days: '', note: '' }))).toEqual({
      credits: 'Enter how many credits to add',
      days: 'Enter for how many days the credits are valid',
    })
  })

  it('refuses zero, fractions and amounts past the server’s limits', () => {
    expect(messages(addCreditsForm.safeParse({ credits: 0, days: 3651 }))).toEqual({
      credits: 'Add at least 1 credit',
      days: 'At most 3,650 days (ten years)',
    })
    expect(messages(addCreditsForm.safeParse({ credits: 1.5, days: 0 }))).toEqual({
      credits: 'Use a whole number',
      days: 'The credits must be valid for at least 1 day',
    })
    expect(messages(addCreditsForm.safeParse({ credits: 100_001, days: 1 }))).toEqual({
      credits: 'At most 100,000 credits at a time',
    })
  })

  it('refuses a note of several lines', () => {
    expect(Object.keys(messages(addCreditsForm.safeParse({ credits: 1, days: 1, note: 'a\u0000b' })))).toEqual(['note'])
  })
})

describe('the Revoke form', () => {
  it('asks how many credits to take back', () => {
    expect(messages(revokeCreditsForm.safeParse({ credits: '' }))).toEqual({
      credits: 'Enter how many credits to take back',
    })
    expect(revokeCreditsForm.parse({ credits: 3 })).toEqual({ credits: 3, note: '' })
  })
})
