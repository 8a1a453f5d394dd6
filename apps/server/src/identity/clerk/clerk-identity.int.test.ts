import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createClerkTestKeys, type ClerkTestKeys } from '../../testing/clerk-test-tokens.ts'
import { createTestApp, type TestApp } from '../../testing/test-app.ts'
import type { ClerkProfileFetcher } from './clerk-profile.ts'

let keys: ClerkTestKeys
let t: TestApp
const fetchProfile = vi.fn<ClerkProfileFetcher>()
// Installed before Clerk's SDK loads (select-identity imports it on demand), which binds `fetch` then.
const networkCalls = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network in tests'))

beforeAll(async () => {
  keys = await createClerkTestKeys()
  t = await createTestApp({ clerk: { jwtKey: keys.jwtKey, fetchProfile }, env: { ADMIN_EMAILS: 'boss@example.com' } })
})
afterAll(() => t.close())

const profileClaims = (name: string, email: string) => ({ name, email, image_url: 'https://img.clerk.com/avatar' })

async function meWith(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })
}

describe('Clerk identity', () => {
  it('is the provider when both Clerk keys are set, and serves no local-account routes', async () => {
    expect(t.identity.kind).toBe('clerk')
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/local/sign-in', payload: { email: 'a@b.co', password: 'x' } })
    expect(res.statusCode).toBe(404)
  })

  it('identifies a verified session token and creates the user with the 30-credit trial', async () => {
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
    const limits = await t.app.inject({ method: 'GET', url: '/api/v1/limits', headers: { authorization: `Bearer ${token}` } })
    expect(limits.json().data).toEqual({ plan: 'free', current_limit: 30, max_limit: 30 })
    expect(fetchProfile).not.toHaveBeenCalled()
  })

  it('keeps one account per Clerk user and refreshes the profile when the claims change', async () => {
    await meWith(await keys.sessionToken('user_grace', profileClaims('Grace', 'grace@example.com')))
    const renamed = await meWith(await keys.sessionToken('user_grace', profileClaims('Grace Hopper', 'grace@example.com')))
    expect(renamed.json().user.name).toBe('Grace Hopper')
    expect(await t.db.prisma.user.count({ where: { clerkId: 'user_grace' } })).toBe(1)
    expect(await t.db.prisma.creditEntry.count({ where: { user: { clerkId: 'user_grace' } } })).toBe(1)
  })

  it('applies ADMIN_EMAILS to Clerk users', async () => {
    const res = await meWith(await keys.sessionToken('user_boss', profileClaims('The Boss', 'boss@example.com')))
    expect(res.json().user.isAdmin).toBe(true)
  })

  it('treats a token signed by another key as signed out', async () => {
    const stranger = await createClerkTestKeys()
    const forged = await stranger.sessionToken('user_mallory', profileClaims('Mallory', 'mallory@example.com'))
    expect((await meWith(forged)).json()).toEqual({ user: null })
    const limits = await t.app.inject({ method: 'GET', url: '/api/v1/limits', headers: { authorization: `Bearer ${forged}` } })
    expect(limits.statusCode).toBe(401)
    expect(await t.db.prisma.user.count({ where: { clerkId: 'user_mallory' } })).toBe(0)
  })

  it('treats an expired token as signed out', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600
    const expired = await keys.sessionToken('user_ada', { ...profileClaims('Ada', 'ada@example.com'), iat: past - 60, nbf: past - 60, exp: past })
    expect((await meWith(expired)).json()).toEqual({ user: null })
  })

  it('asks the Backend API once for a new user whose token carries no profile, then uses the stored one', async () => {
    fetchProfile.mockClear()
    fetchProfile.mockResolvedValue({ name: 'Katherine Johnson', email: 'kj@example.com', imageUrl: '' })
    const token = await keys.sessionToken('user_kj')
    const [first, second] = await Promise.all([meWith(token), meWith(token)])
    expect(first.json().user).toMatchObject({ name: 'Katherine Johnson', imageUrl: '/api/auth/avatar/user_kj.svg' })
    expect(second.json().user.id).toBe(first.json().user.id)
    expect((await meWith(token)).json().user.email).toBe('kj@example.com')
    expect(fetchProfile).toHaveBeenCalledTimes(1)
    expect(fetchProfile).toHaveBeenCalledWith('user_kj')
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
