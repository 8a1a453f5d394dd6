import { describe, expect, it, vi } from 'vitest'

import { changeRole } from '../../cli/change-role.ts'
import { createClerkTestKeys, type ClerkTestKeys } from '../../testing/clerk-test-tokens.ts'
import { useTestApp } from '../../testing/use-test-app.ts'
import type { ClerkProfileFetcher } from './clerk-profile.ts'

let keys: ClerkTestKeys
const fetchProfile = vi.fn<ClerkProfileFetcher>()
// Installed before Clerk's SDK loads (services.ts imports it on demand), which binds `fetch` then.
const networkCalls = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network in tests'))

const t = useTestApp(async () => {
  keys = await createClerkTestKeys()
  return { clerk: { jwtKey: keys.jwtKey, fetchProfile }, env: { ADMIN_EMAILS: 'boss@example.com' } }
})

/** The claims README's Clerk section asks for; `email_verified` is Clerk's word on the primary address. */
const profileClaims = (name: string, email: string, emailVerified = true) => ({
  name,
  email,
  image_url: 'https://img.clerk.com/avatar',
  email_verified: emailVerified,
})
const creditEntriesOf = (clerkId: string) => t.db.prisma.creditEntry.count({ where: { user: { clerkId } } })

async function meWith(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })
}

describe('Clerk identity', () => {
  it('is the provider when both Clerk keys are set, and serves no local-account routes', async () => {
    expect(t.testApp.identity.kind).toBe('clerk')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/sign-in',
      payload: { email: 'a@b.co', password: 'x' },
    })
    expect(res.statusCode).toBe(404)
  })

  it(
    'identifies a session token whose address Clerk ' + 'verified and creates the user with the 30-credit trial',
    async () => {
      const token = await keys.sessionToken('user_ada', profileClaims('Ada Lovelace', 'ada@example.com'))
      const res = await meWith(token)
      expect(res.statusCode).toBe(200)
      expect(res.json().user).toMatchObject({
        clerkId: 'user_ada',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        imageUrl: 'https://img.clerk.com/avatar',
        plan: 'free',
        isAdmin: false,
      })
      const limits = await t.app.inject({
        method: 'GET',
        url: '/api/v1/limits',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(limits.json().data).toEqual({ plan: 'free', current_limit: 30, max_limit: 30 })
      expect(fetchProfile).not.toHaveBeenCalled()
    },
  )

  it('keeps one account per Clerk user and refreshes the profile when the claims change', async () => {
    await meWith(await keys.sessionToken('user_grace', profileClaims('Grace', 'grace@example.com')))
    const renamed = await meWith(
      await keys.sessionToken('user_grace', profileClaims('Grace Hopper', 'grace@example.com')),
    )
    expect(renamed.json().user.name).toBe('Grace Hopper')
    expect(await t.db.prisma.user.count({ where: { clerkId: 'user_grace' } })).toBe(1)
    expect(await t.db.prisma.creditEntry.count({ where: { user: { clerkId: 'user_grace' } } })).toBe(1)
  })

  it('shows a role an operator changes from the next request on, though the account is kept', async () => {
    const token = await keys.sessionToken('user_linus', profileClaims('Linus', 'linus@example.com'))
    // Asked twice: the second answer comes from the identity cache, which the change must reach.
    for (let ask = 0; ask < 2; ask++) {
      expect((await meWith(token)).json().user).toMatchObject({ name: 'Linus', isAdmin: false })
    }
    await changeRole(t.db.prisma, { action: 'grant', email: 'linus@example.com' }, t.testApp.services.caches.bus)
    expect((await meWith(token)).json().user.isAdmin).toBe(true)
    await changeRole(t.db.prisma, { action: 'revoke', email: 'linus@example.com' }, t.testApp.services.caches.bus)
    expect((await meWith(token)).json().user.isAdmin).toBe(false)
  })

  it('applies ADMIN_EMAILS to Clerk users whose listed address Clerk verified', async () => {
    const res = await meWith(await keys.sessionToken('user_boss', profileClaims('The Boss', 'boss@example.com')))
    expect(res.json().user).toMatchObject({ isAdmin: true, emailVerified: true })
    expect(await creditEntriesOf('user_boss')).toBe(1)
  })

  it('gives an unverified listed address neither admin rights nor trial credits', async () => {
    const token = await keys.sessionToken('user_claimant', profileClaims('Claimant', 'boss@example.com', false))
    expect((await meWith(token)).json().user).toMatchObject({ isAdmin: false, emailVerified: false, trialEndsAt: null })
    expect(await creditEntriesOf('user_claimant')).toBe(0)
    const limits = await t.app.inject({
      method: 'GET',
      url: '/api/v1/limits?clerkId=user_ada',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(limits.statusCode).toBe(403)
  })

  it('makes the account unverified when the primary address changes, until Clerk verifies the new one', async () => {
    const as = async (email: string, verified: boolean) =>
      (await meWith(await keys.sessionToken('user_mover', profileClaims('Mover', email, verified)))).json().user
    expect(await as('boss@example.com', true)).toMatchObject({ isAdmin: true, emailVerified: true })
    expect(await as('mover@example.com', false)).toMatchObject({
      email: 'mover@example.com',
      isAdmin: false,
      emailVerified: false,
    })
    // Clerk's answer for the new address is what counts, not the old address coming back unverified.
    expect(await as('boss@example.com', false)).toMatchObject({ isAdmin: false, emailVerified: false })
    expect(await as('boss@example.com', true)).toMatchObject({ isAdmin: true, emailVerified: true })
    // Verified twice, one trial.
    expect(await creditEntriesOf('user_mover')).toBe(1)
  })

  it('keeps a verified account verified when only the letter case of its address changes', async () => {
    await meWith(await keys.sessionToken('user_case', profileClaims('Case', 'case@example.com')))
    const user = (
      await meWith(await keys.sessionToken('user_case', profileClaims('Case', 'Case@Example.com', false)))
    ).json().user
    expect(user).toMatchObject({ email: 'Case@Example.com', emailVerified: true })
  })

  it('treats a token signed by another key as signed out', async () => {
    const stranger = await createClerkTestKeys()
    const forged = await stranger.sessionToken('user_mallory', profileClaims('Mallory', 'mallory@example.com'))
    expect((await meWith(forged)).json()).toEqual({ user: null })
    const limits = await t.app.inject({
      method: 'GET',
      url: '/api/v1/limits',
      headers: { authorization: `Bearer ${forged}` },
    })
    expect(limits.statusCode).toBe(401)
    expect(await t.db.prisma.user.count({ where: { clerkId: 'user_mallory' } })).toBe(0)
  })

  it('treats an expired token as signed out', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600
    const expired = await keys.sessionToken('user_ada', {
      ...profileClaims('Ada', 'ada@example.com'),
      iat: past - 60,
      nbf: past - 60,
      exp: past,
    })
    expect((await meWith(expired)).json()).toEqual({ user: null })
  })

  it('asks the Backend API once for a new user whose token carries no profile, then uses the stored one', async () => {
    fetchProfile.mockClear()
    fetchProfile.mockResolvedValue({
      name: 'Katherine Johnson',
      email: 'kj@example.com',
      imageUrl: '',
      emailVerified: true,
    })
    const token = await keys.sessionToken('user_kj')
    const [first, second] = await Promise.all([meWith(token), meWith(token)])
    expect(first.json().user).toMatchObject({
      name: 'Katherine Johnson',
      imageUrl: '/api/auth/avatar/user_kj.svg',
      emailVerified: true,
    })
    expect(second.json().user.id).toBe(first.json().user.id)
    expect((await meWith(token)).json().user.email).toBe('kj@example.com')
    expect(fetchProfile).toHaveBeenCalledTimes(1)
    expect(fetchProfile).toHaveBeenCalledWith('user_kj')
    expect(await creditEntriesOf('user_kj')).toBe(1)
  })

  it(
    'asks the Backend API about verification when the ' + 'token has no email_verified claim, once per period',
    async () => {
      fetchProfile.mockClear()
      fetchProfile.mockResolvedValue({
        name: 'Dorothy',
        email: 'dorothy@example.com',
        imageUrl: '',
        emailVerified: false,
      })
      const token = await keys.sessionToken('user_dorothy', { name: 'Dorothy', email: 'dorothy@example.com' })
      expect((await meWith(token)).json().user).toMatchObject({ email: 'dorothy@example.com', emailVerified: false })
      expect((await meWith(token)).json().user.emailVerified).toBe(false)
      expect(fetchProfile).toHaveBeenCalledTimes(1)
      expect(await creditEntriesOf('user_dorothy')).toBe(0)

      fetchProfile.mockClear()
      fetchProfile.mockResolvedValue({ name: 'Mary', email: 'mary@example.com', imageUrl: '', emailVerified: true })
      const mary = await keys.sessionToken('user_mary', { name: 'Mary', email: 'mary@example.com' })
      expect((await meWith(mary)).json().user).toMatchObject({ emailVerified: true })
      expect((await meWith(mary)).json().user.emailVerified).toBe(true)
      expect(fetchProfile).toHaveBeenCalledTimes(1)
      expect(await creditEntriesOf('user_mary')).toBe(1)
    },
  )

  it("does not take the Backend API's word for another address than the stored one", async () => {
    fetchProfile.mockResolvedValueOnce({ name: 'Eve', email: 'boss@example.com', imageUrl: '', emailVerified: true })
    const token = await keys.sessionToken('user_eve', { name: 'Eve', email: 'eve@example.com' })
    expect((await meWith(token)).json().user).toMatchObject({
      email: 'eve@example.com',
      emailVerified: false,
      isAdmin: false,
    })
  })

  it('answers signed out (not 500) when the Backend API cannot be reached', async () => {
    fetchProfile.mockRejectedValueOnce(new Error('getaddrinfo ENOTFOUND api.clerk.com'))
    expect((await meWith(await keys.sessionToken('user_offline'))).json()).toEqual({ user: null })
  })

  it('answers a request with no credentials as signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' })
    expect(res.json()).toEqual({ user: null })
  })

  it('never called the network: tokens verified with the given key, no telemetry, no JWKS fetch', () => {
    expect(networkCalls).not.toHaveBeenCalled()
  })
})
