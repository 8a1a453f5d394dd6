import { describe, expect, it } from 'vitest'

import { plainHttpSignInWarning } from './plain-http-sign-in.ts'

const local = { kind: 'local' } as const

describe('the plain-HTTP sign-in warning', () => {
  it('warns for plain HTTP on any host but loopback, where the Secure cookie would be dropped', () => {
    expect(plainHttpSignInWarning({ appUrl: 'http://192.168.1.20:3000', identity: local })).toMatch(
      /^APP_URL \(http:\/\/192\.168\.1\.20:3000\) is plain HTTP/,
    )
    expect(plainHttpSignInWarning({ appUrl: 'http://promptly.example', identity: local })).not.toBeNull()
  })

  it('says nothing for HTTPS, for loopback, or when Clerk signs people in', () => {
    for (const appUrl of ['https://promptly.example', 'http://localhost:3000', 'http://127.0.0.1:3210']) {
      expect(plainHttpSignInWarning({ appUrl, identity: local }), appUrl).toBeNull()
    }
    const clerk = { kind: 'clerk', secretKey: 'sk', publishableKey: 'pk' } as const
    expect(plainHttpSignInWarning({ appUrl: 'http://promptly.example', identity: clerk })).toBeNull()
  })
})
