import { describe, expect, it } from 'vitest'

import { LoginThrottle } from './login-throttle.ts'

function throttleAt(start = 0) {
  let now = start
  const throttle = new LoginThrottle({ maxAttempts: 5, windowMs: 15 * 60_000, now: () => now })
  return { throttle, advance: (ms: number) => (now += ms) }
}

describe('LoginThrottle', () => {
  it('allows 5 attempts per key in 15 minutes, then refuses with the time left', () => {
    const { throttle, advance } = throttleAt()
    const key = LoginThrottle.keyFor('ada@example.com', '203.0.113.7')
    for (let i = 0; i < 5; i++) expect(throttle.attempt(key)).toEqual({ allowed: true })
    advance(60_000)
    expect(throttle.attempt(key)).toEqual({ allowed: false, retryAfterSeconds: 14 * 60 })
  })

  it('opens a new window once 15 minutes have passed since the first attempt', () => {
    const { throttle, advance } = throttleAt()
    const key = LoginThrottle.keyFor('ada@example.com', '203.0.113.7')
    for (let i = 0; i < 6; i++) throttle.attempt(key)
    advance(15 * 60_000)
    expect(throttle.attempt(key).allowed).toBe(true)
  })

  it('counts each e-mail and IP pair on its own, so a victim elsewhere is not locked out', () => {
    const { throttle } = throttleAt()
    const attacker = LoginThrottle.keyFor('ada@example.com', '198.51.100.1')
    for (let i = 0; i < 6; i++) throttle.attempt(attacker)
    expect(throttle.attempt(LoginThrottle.keyFor('ada@example.com', '203.0.113.7')).allowed).toBe(true)
    expect(throttle.attempt(LoginThrottle.keyFor('bob@example.com', '198.51.100.1')).allowed).toBe(true)
  })

  it('forgets the attempts of a key after a successful sign-in', () => {
    const { throttle } = throttleAt()
    const key = LoginThrottle.keyFor('ada@example.com', '203.0.113.7')
    for (let i = 0; i < 4; i++) throttle.attempt(key)
    throttle.succeeded(key)
    for (let i = 0; i < 5; i++) expect(throttle.attempt(key).allowed).toBe(true)
  })

  it('forgives one attempt of a key and keeps counting the others', () => {
    const { throttle } = throttleAt()
    const client = LoginThrottle.clientKeyFor('203.0.113.7')
    for (let i = 0; i < 5; i++) throttle.attempt(client)
    throttle.forgiveAttempt(client)
    expect(throttle.attempt(client)).toEqual({ allowed: true })
    expect(throttle.attempt(client).allowed).toBe(false)
  })

  it('forgives nothing once the window has ended, so the next window starts whole', () => {
    const { throttle, advance } = throttleAt()
    const client = LoginThrottle.clientKeyFor('203.0.113.7')
    throttle.attempt(client)
    advance(15 * 60_000)
    throttle.forgiveAttempt(client)
    for (let i = 0; i < 5; i++) expect(throttle.attempt(client)).toEqual({ allowed: true })
    expect(throttle.attempt(client).allowed).toBe(false)
  })

  it('keeps at most maxKeys keys, dropping ended windows first, then the oldest', () => {
    let now = 0
    const throttle = new LoginThrottle({ maxKeys: 3, windowMs: 1000, now: () => now })
    throttle.attempt('a')
    now = 500
    throttle.attempt('b')
    throttle.attempt('c')
    now = 1200 // a's window has ended
    throttle.attempt('d')
    expect(throttle.size).toBe(3)
    throttle.attempt('e') // all live: the oldest (b) goes
    expect(throttle.size).toBe(3)
  })
})

describe('LoginThrottle.clientKeyFor', () => {
  it('counts an IPv4 client by its address, however it arrived', () => {
    expect(LoginThrottle.clientKeyFor('203.0.113.7')).toBe('203.0.113.7')
    expect(LoginThrottle.clientKeyFor('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts an IPv6 client by its /64: every address a line may use is one client', () => {
    const line = '2001:db8:aa:bb::/64'
    expect(LoginThrottle.clientKeyFor('2001:db8:aa:bb::1')).toBe(line)
    expect(LoginThrottle.clientKeyFor('2001:0DB8:00aa:00bb:1234:5678:9abc:def0')).toBe(line)
    expect(LoginThrottle.clientKeyFor('2001:db8:aa:bb:ffff::7%eth0')).toBe(line)
    expect(LoginThrottle.clientKeyFor('2001:db8:aa:bc::1')).not.toBe(line)
    expect(LoginThrottle.clientKeyFor('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(LoginThrottle.clientKeyFor('::1')).toBe('0:0:0:0::/64')
    expect(LoginThrottle.clientKeyFor('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64')
  })
})
