import { describe, expect, it } from 'vitest'

import { policyWithScriptSources, securityHeadersFor } from './security-header-set.ts'

const POLICY = "default-src 'self';script-src 'self' https://clerk.example;script-src-attr 'none';style-src 'self'"

describe('policyWithScriptSources', () => {
  it("adds the page's script sources to script-src and nowhere else", () => {
    expect(policyWithScriptSources(POLICY, ["'nonce-abc'", "'sha256-xyz='"])).toBe(
      "default-src 'self';script-src 'self' https://clerk.example 'nonce-abc' 'sha256-xyz=';" +
        "script-src-attr 'none';style-src 'self'",
    )
  })

  it('refuses a policy without script-src rather than leave the page without its scripts', () => {
    expect(() => policyWithScriptSources("default-src 'self';script-src-attr 'none'", ["'nonce-abc'"])).toThrow(
      /no script-src/,
    )
  })
})

describe('securityHeadersFor', () => {
  const local = { nodeEnv: 'test', identity: { kind: 'local' } } as const
  // A publishable key is `pk_<env>_` + base64("<frontend API host>$").
  const publishableKey = `pk_test_${Buffer.from('promptly-test.clerk.accounts.dev$').toString('base64')}`
  const clerk = { nodeEnv: 'test', identity: { kind: 'clerk', secretKey: 'sk_test_unused', publishableKey } } as const

  it("allows Clerk's frontend API for scripts, calls and frames when Clerk signs people in", () => {
    const policy = securityHeadersFor(clerk)['content-security-policy'] ?? ''
    for (const directive of ['script-src', 'connect-src', 'frame-src']) {
      expect(policy).toMatch(new RegExp(`${directive} 'self' https://promptly-test\\.clerk\\.accounts\\.dev`))
    }
    expect(securityHeadersFor(local)['content-security-policy']).not.toContain('clerk.accounts.dev')
  })

  it('names no nonce: only a page adds one, to its own answer', () => {
    expect(securityHeadersFor(local)['content-security-policy']).not.toContain("'nonce-")
  })
})
