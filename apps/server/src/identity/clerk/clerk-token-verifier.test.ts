import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'

import { createClerkTestKeys } from '../../testing/clerk-test-tokens.ts'
import { CLERK_CLOCK_SKEW_MS, isSessionTokenShaped, networklessClerkVerifier } from './clerk-token-verifier.ts'

const keys = await createClerkTestKeys()
/** As a deployment without APP_URL verifies: no authorized parties to check `azp` against. */
const verify = networklessClerkVerifier({ jwtKey: keys.jwtKey })
const now = () => Math.floor(Date.now() / 1000)

/** A token with the test key's claims but a header of the test's choosing (the key signs any header). */
async function withHeader(header: Record<string, unknown>): Promise<string> {
  const token = await keys.sessionToken('user_ada')
  const [, payload, signature] = token.split('.')
  return [
    Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', ...header })).toString('base64url'),
    payload,
    signature,
  ].join('.')
}

describe('the networkless Clerk token verifier', () => {
  it('answers the claims of a session token signed by the instance key', async () => {
    const token = await keys.sessionToken('user_ada', { sid: 'sess_1', name: 'Ada' })
    expect(await verify(token)).toMatchObject({ sub: 'user_ada', sid: 'sess_1', name: 'Ada' })
  })

  it('refuses a token signed by another key', async () => {
    const stranger = await createClerkTestKeys()
    await expect(verify(await stranger.sessionToken('user_ada'))).rejects.toThrow()
  })

  it("refuses a token past exp or before nbf by more than Clerk's clock skew, takes one within it", async () => {
    const skew = CLERK_CLOCK_SKEW_MS / 1000
    await expect(verify(await keys.sessionToken('user_ada', { exp: now() - skew - 2 }))).rejects.toThrow()
    await expect(verify(await keys.sessionToken('user_ada', { nbf: now() + skew + 2 }))).rejects.toThrow()
    expect(await verify(await keys.sessionToken('user_ada', { exp: now() - 1 }))).toMatchObject({ sub: 'user_ada' })
  })

  it('with authorized parties, takes only a token minted for one of them (azp), as Clerk does', async () => {
    const ours = networklessClerkVerifier({ jwtKey: keys.jwtKey, authorizedParties: ['https://promptly.test'] })
    expect(await ours(await keys.sessionToken('user_ada', { azp: 'https://promptly.test' }))).toMatchObject({
      sub: 'user_ada',
    })
    await expect(ours(await keys.sessionToken('user_ada', { azp: 'https://evil.test' }))).rejects.toThrow()
    await expect(ours(await keys.sessionToken('user_ada'))).rejects.toThrow()
  })

  it('refuses machine tokens and tokens without a session id', async () => {
    await expect(verify(await keys.sessionToken('mch_robot'))).rejects.toThrow()
    const noSession = await keys.sessionToken('user_ada', { sid: undefined })
    await expect(verify(noSession)).rejects.toThrow()
  })

  it('takes only session-shaped strings to the key: three base64url parts, no machine category', async () => {
    expect(isSessionTokenShaped(await keys.sessionToken('user_ada'))).toBe(true)
    expect(isSessionTokenShaped(await withHeader({ cat: 'cl_B7d4PD111AAA' }))).toBe(true)
    expect(isSessionTokenShaped(await withHeader({ cat: 'cl_B7d4PD333AAA' }))).toBe(false)
    expect(isSessionTokenShaped(await withHeader({ cat: 7 }))).toBe(false)
    for (const junk of ['', 'abc', 'a.b', 'a.b.c', 'ak_live_0123456789', 'a b.c.d', 'x'.repeat(9000)]) {
      expect(isSessionTokenShaped(junk), junk.slice(0, 20)).toBe(false)
    }
    const unsigned = await new SignJWT({ sub: 'user_ada' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new Uint8Array(32))
    expect(isSessionTokenShaped(unsigned)).toBe(true)
    await expect(verify(unsigned)).rejects.toThrow()
  })
})
