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

  it('spends about as long on an unknown e-mail (dummy hash) as on a real check', async () => {
    const stored = await hashPassword('correct horse battery staple')
    await prepareDummyHash() // made once, when the local provider registers its routes
    const time = async (work: () => Promise<unknown>) => {
      const started = performance.now()
      for (let i = 0; i < 5; i++) await work()
      return performance.now() - started
    }
    const real = await time(() => verifyPassword(stored, 'wrong password'))
    const dummy = await time(() => verifyAgainstDummyHash('wrong password'))
    expect(await verifyAgainstDummyHash('anything')).toBe(false)
    expect(dummy / real).toBeGreaterThan(0.3)
    expect(dummy / real).toBeLessThan(3)
  })
})
