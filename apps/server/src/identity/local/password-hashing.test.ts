import { describe, expect, it } from 'vitest'

import {
  hashPassword,
  needsRehash,
  prepareDummyHash,
  verifyAgainstDummyHash,
  verifyPassword,
} from './password-hashing.ts'

describe('password hashing', () => {
  it('stores an argon2id hash with the OWASP settings, salted, never the password', async () => {
    const first = await hashPassword('correct horse battery staple')
    const second = await hashPassword('correct horse battery staple')
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(first).not.toContain('correct horse')
    expect(first).not.toBe(second)
  })

  it('accepts the right password and refuses a wrong one or a stored value that is not a hash', async () => {
    const stored = await hashPassword('correct horse battery staple')
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true)
    expect(await verifyPassword(stored, 'Correct horse battery staple')).toBe(false)
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false)
  })

  it('asks for a rehash only when a hash was made with other settings', async () => {
    expect(needsRehash(await hashPassword('pw-123456'))).toBe(false)
    const weaker = '$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHRzYWx0$ZlDcg5fQVaA1g4EhTeX4h7+Z3nqtSRUcWG1A7ZnuDkc'
    expect(needsRehash(weaker)).toBe(true)
    expect(needsRehash('garbage')).toBe(true)
  })

  it('checks an unknown e-mail against a dummy hash made with the same settings as a real one', async () => {
    // Equal Argon2 settings mean equal work, so the answer time does not tell which addresses exist.
    // Compared by settings rather than by stopwatch: timings on a busy machine prove nothing either way.
    const dummy = await prepareDummyHash()
    expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(needsRehash(dummy)).toBe(false)
    expect(await prepareDummyHash()).toBe(dummy) // made once, when the local provider registers its routes
    expect(await verifyAgainstDummyHash('')).toBe(false)
    // It really runs a verify: Argon2 with 19 MiB takes milliseconds, a bare `return false` microseconds.
    // Only a lower bound, which a loaded machine cannot break.
    const started = performance.now()
    expect(await verifyAgainstDummyHash('anything')).toBe(false)
    expect(performance.now() - started).toBeGreaterThan(3)
  })
})
