import { describe, expect, it } from 'vitest'

import { LookupCooldown } from './lookup-cooldown.ts'

describe('LookupCooldown', () => {
  it('allows one lookup per user per period', () => {
    const cooldown = new LookupCooldown(1000)
    expect(cooldown.claim('user_a', 0)).toBe(true)
    expect(cooldown.claim('user_a', 999)).toBe(false)
    expect(cooldown.claim('user_b', 999)).toBe(true)
    expect(cooldown.claim('user_a', 1000)).toBe(true)
    expect(cooldown.claim('user_a', 1500)).toBe(false)
  })

  it('counts a lookup noted outside claim', () => {
    const cooldown = new LookupCooldown(1000)
    cooldown.note('user_a', 100)
    expect(cooldown.claim('user_a', 500)).toBe(false)
    expect(cooldown.claim('user_a', 1100)).toBe(true)
  })

  it('starts over when it tracks too many users, which at worst allows one lookup more', () => {
    const cooldown = new LookupCooldown(1000, 2)
    expect(cooldown.claim('user_a', 0)).toBe(true)
    expect(cooldown.claim('user_b', 0)).toBe(true)
    expect(cooldown.claim('user_c', 0)).toBe(true)
    expect(cooldown.claim('user_a', 1)).toBe(true)
    expect(cooldown.claim('user_c', 1)).toBe(false)
  })
})
