import { describe, expect, it } from 'vitest'

import { hashSessionToken } from './sessions.ts'

describe('hashSessionToken', () => {
  it('is the hex SHA-256 of the token, the id every stored session has', () => {
    expect(hashSessionToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    const token = 'q3Jv0bKd7Yx1mN2pL4sT6uW8zA0cE2gI4kM6oQ8sU9w'
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashSessionToken(token)).not.toBe(hashSessionToken(`${token.slice(0, -1)}x`))
  })
})
