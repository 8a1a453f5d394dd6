import { describe, expect, it } from 'vitest'

import type { AdminUserRow } from '@promptly/api/admin/admin-user-row.schema'

import { handlerSearchOf, matchesLegacyFilter } from './admin-user-walk.ts'

const row = (name: string, email: string, credits: number): AdminUserRow => ({
  _id: '4f7c1f7e-8b8e-4a43-9d3f-2d8f5d1d9a10',
  clerkId: 'local_x',
  name,
  email,
  current_limit: credits,
  max_limit: 30,
  plan: 'free',
  planValidTill: null,
  role: 'user',
  emailVerified: true,
  joinedAt: new Date(0),
  lastActiveAt: null,
})

describe('matchesLegacyFilter', () => {
  const zoe = row('Zoë Quill', 'zoe@example.test', 12)

  it('matches everyone with no filter', () => {
    expect(matchesLegacyFilter(zoe, {})).toBe(true)
  })

  it('matches the name or the e-mail as literal text in any case, either when both are given', () => {
    expect(matchesLegacyFilter(zoe, { name: 'QUILL' })).toBe(true)
    expect(matchesLegacyFilter(zoe, { name: 'zoë q' })).toBe(true)
    expect(matchesLegacyFilter(zoe, { email: 'EXAMPLE.test' })).toBe(true)
    expect(matchesLegacyFilter(zoe, { name: 'nobody', email: 'zoe@' })).toBe(true)
    expect(matchesLegacyFilter(zoe, { name: 'nobody', email: 'nobody' })).toBe(false)
    // The original read these as regular expressions; a user's text is matched as written.
    expect(matchesLegacyFilter(zoe, { name: 'Z.*l' })).toBe(false)
  })

  it('keeps credits left within the bounds, both included', () => {
    expect(matchesLegacyFilter(zoe, { creditsAtLeast: 12, creditsAtMost: 12 })).toBe(true)
    expect(matchesLegacyFilter(zoe, { creditsAtLeast: 13 })).toBe(false)
    expect(matchesLegacyFilter(zoe, { creditsAtMost: 11 })).toBe(false)
    expect(matchesLegacyFilter(zoe, { name: 'quill', creditsAtMost: 11 })).toBe(false)
  })
})

describe('handlerSearchOf', () => {
  it('narrows the walk by the one text field given, never by two (either may match)', () => {
    expect(handlerSearchOf({ name: 'zoe' })).toBe('zoe')
    expect(handlerSearchOf({ email: 'zoe@' })).toBe('zoe@')
    expect(handlerSearchOf({ name: 'zoe', email: 'x' })).toBeUndefined()
    expect(handlerSearchOf({ creditsAtLeast: 1 })).toBeUndefined()
  })
})
