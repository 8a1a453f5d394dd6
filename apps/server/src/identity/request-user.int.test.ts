import { beforeAll, describe, expect, it } from 'vitest'

import { changeRole } from '../cli/change-role.ts'
import { followMailLink, sessionTokenFrom, uniqueClientAddress, type TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp({ env: { ADMIN_EMAILS: 'Owner@Example.com, ops@example.com' } })
let other: TestAccount

beforeAll(async () => {
  other = await t.signUp({ name: 'Other' })
})

type Caller = Pick<TestAccount, 'bearer'>

async function isAdminPerTrpc(who: Caller): Promise<boolean> {
  const res = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: who.bearer })
  expect(res.statusCode).toBe(200)
  return res.json().result.data.json.isAdmin
}

async function limitsOfOther(who: Caller): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/limits?clerkId=${other.user.clerkId}`,
    headers: who.bearer,
  })
  return res.statusCode
}

describe('admin rights from ADMIN_EMAILS', () => {
  it('are not given to an unverified account that signed up with a listed address', async () => {
    const claimant = await t.signUp({ email: 'owner@example.com', verified: false })
    expect(claimant.user).toMatchObject({ isAdmin: false, emailVerified: false })
    expect(await isAdminPerTrpc(claimant)).toBe(false)
    const rest = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: claimant.bearer })
    expect(rest.json().user.isAdmin).toBe(false)
    expect(await limitsOfOther(claimant)).toBe(403)
  })

  it('are given once the listed address is verified, from the next request on', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/sign-up',
      payload: { name: 'Ops', email: 'ops@example.com', password: 'correct horse battery staple' },
      remoteAddress: uniqueClientAddress(),
    })
    const owner = { bearer: { authorization: `Bearer ${sessionTokenFrom(signUp)}` } }
    // Asked twice: the second answer comes from the identity cache, which the verification must reach.
    expect(await isAdminPerTrpc(owner)).toBe(false)
    expect(await limitsOfOther(owner)).toBe(403)
    const mailLink = await followMailLink(t.app, 'ops@example.com', '/api/auth/local/verify-email')
    expect(mailLink.headers.location).toBe('/profile?verified=1')
    expect(await isAdminPerTrpc(owner)).toBe(true)
    expect(await limitsOfOther(owner)).toBe(200)
  })

  it('never come from an address that is not listed, verified or not', async () => {
    const plain = await t.signUp()
    expect(plain.user.emailVerified).toBe(true)
    expect(await isAdminPerTrpc(plain)).toBe(false)
    expect(await limitsOfOther(plain)).toBe(403)
  })

  it('are not needed by an account with the admin role (granted by an operator), from the next request', async () => {
    const granted = await t.signUp({ verified: false })
    expect(await isAdminPerTrpc(granted)).toBe(false)
    await changeRole(t.db.prisma, { action: 'grant', email: granted.email }, t.testApp.services.caches.bus)
    expect(await isAdminPerTrpc(granted)).toBe(true)
    expect(await limitsOfOther(granted)).toBe(200)
    await changeRole(t.db.prisma, { action: 'revoke', email: granted.email }, t.testApp.services.caches.bus)
    expect(await isAdminPerTrpc(granted)).toBe(false)
    expect(await limitsOfOther(granted)).toBe(403)
  })
})
