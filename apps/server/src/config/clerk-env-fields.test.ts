import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { resolveConfig } from './app-config.ts'
import { parseEnv } from './env.ts'
import { problemsOf } from './testing/config-problems.ts'

const CLERK_KEYS = { CLERK_SECRET_KEY: 'sk_test_x', CLERK_PUBLISHABLE_KEY: 'pk_test_x' }
const pem = (modulusLength: number) =>
  generateKeyPairSync('rsa', { modulusLength }).publicKey.export({ type: 'spki', format: 'pem' }).toString()
const JWT_KEY = pem(2048)
const WEBHOOK_SECRET = `whsec_${Buffer.from('a webhook signing secret of 32 b').toString('base64')}`

describe('the Clerk JWT key and webhook secret settings', () => {
  it('reach the Clerk identity config when set with both Clerk keys', () => {
    const env = parseEnv({ ...CLERK_KEYS, CLERK_JWT_KEY: JWT_KEY, CLERK_WEBHOOK_SIGNING_SECRET: WEBHOOK_SECRET })
    expect(resolveConfig(env).identity).toEqual({
      kind: 'clerk',
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
      jwtKey: JWT_KEY.trim(),
      webhookSigningSecret: WEBHOOK_SECRET,
    })
  })

  it('are optional, and blank counts as unset', () => {
    const env = parseEnv({ ...CLERK_KEYS, CLERK_JWT_KEY: ' ', CLERK_WEBHOOK_SIGNING_SECRET: '' })
    expect(resolveConfig(env).identity).toEqual({ kind: 'clerk', secretKey: 'sk_test_x', publishableKey: 'pk_test_x' })
  })

  it('read a key written on one line with literal \\n, as .env files often hold it', () => {
    const env = parseEnv({ ...CLERK_KEYS, CLERK_JWT_KEY: JWT_KEY.trim().replaceAll('\n', '\\n') })
    expect(env.CLERK_JWT_KEY).toBe(JWT_KEY.trim())
  })

  it("refuse a key Clerk's SDK could not verify with, without echoing it", () => {
    for (const bad of ['not a key', JWT_KEY.replace('MIIB', 'XXXX'), pem(4096)]) {
      const problems = problemsOf({ ...CLERK_KEYS, CLERK_JWT_KEY: bad })
      expect(problems).toEqual([expect.stringMatching(/^CLERK_JWT_KEY: must be Clerk's JWT public key/)])
      expect(problems.join()).not.toMatch(/BEGIN|MII|XXXX|not a key/)
    }
  })

  it('refuse a webhook secret that is not a whsec_ secret', () => {
    expect(problemsOf({ ...CLERK_KEYS, CLERK_WEBHOOK_SIGNING_SECRET: 'hunter2' })).toEqual([
      expect.stringMatching(/^CLERK_WEBHOOK_SIGNING_SECRET: must be the endpoint's signing secret/),
    ])
  })

  it('are refused without Clerk identity, where nothing would read them', () => {
    expect(problemsOf({ CLERK_JWT_KEY: JWT_KEY, CLERK_WEBHOOK_SIGNING_SECRET: WEBHOOK_SECRET })).toEqual([
      'CLERK_JWT_KEY: is read only with Clerk identity (CLERK_SECRET_KEY and CLERK_PUBLISHABLE_KEY)',
      'CLERK_WEBHOOK_SIGNING_SECRET: is read only with Clerk identity (CLERK_SECRET_KEY and CLERK_PUBLISHABLE_KEY)',
    ])
  })
})
