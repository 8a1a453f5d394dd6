import { describe, expect, it } from 'vitest'

import { parseEnv } from './env.ts'
import { problemsOf } from './testing/config-problems.ts'

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, in production too', () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual([])
    expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).TRUST_PROXY).toEqual([])
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toEqual([])
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual([])
  })

  it('reads a comma list of addresses, CIDR ranges and named ranges', () => {
    expect(
      parseEnv({ TRUST_PROXY: ' 10.0.0.1, 172.16.0.0/12 ,::1, fd00::/8, loopback,uniquelocal' }).TRUST_PROXY,
    ).toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback', 'uniquelocal'])
  })

  it.each(['true', 'TRUE', '1', '2', '10.0.0.1,true'])(
    'refuses %s, which would let clients pick their own address',
    (value) => {
      expect(problemsOf({ TRUST_PROXY: value })).toEqual([
        "TRUST_PROXY: must list the proxies' addresses or CIDR ranges: " +
          'trusting every hop, or a hop count, lets clients pick their address',
      ])
    },
  )

  it.each([
    'proxy.internal',
    '10.0.0.0/0',
    '10.0.0.0/33',
    '::/129',
    '10.0.0.0/8/1',
    '10.0.0.0/',
    '300.0.0.1',
    '10.0.0.0/255.0.0.0',
  ])('refuses the malformed entry %s', (value) => {
    expect(problemsOf({ TRUST_PROXY: value })).toEqual([
      'TRUST_PROXY: must be a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    ])
  })
})
