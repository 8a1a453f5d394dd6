import { beforeAll, describe, expect, it } from 'vitest'

import { markEmailVerified } from '@promptly/api/users/verify-email'

import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp({ env: { ADMIN_EMAILS: 'Owner@Example.com, ops@example.com' } })
let other: TestAccount

beforeAll(async () => {
  other = await t.signUp({ name: 'Other' })
})

async function isAdminPerTrpc(who: TestAccount): Promise<boolean> {
  const res = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: who.bearer })
  expect(res.statusCode).toBe(200)
  return res.json().result.data.json.isAdmin
}

async function limitsOfOther(who: TestAccount): Promise<number> {
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
    const owner = await t.signUp({ email: 'ops@example.com', verified: false })
    expect(await limitsOfOther(owner)).toBe(403)
    await t.db.prisma.$transaction((tx) => markEmailVerified(tx, owner.user.id))
    expect(await isAdminPerTrpc(owner)).toBe(true)
    expect(await limitsOfOther(owner)).toBe(200)
  })

  it('never come from an address that is not listed, verified or not', async () => {
    const plain = await t.signUp()
    expect(plain.user.emailVerified).toBe(true)
    expect(await isAdminPerTrpc(plain)).toBe(false)
    expect(await limitsOfOther(plain)).toBe(403)
  })

  it('are not needed by an account with the admin role (granted by an operator)', async () => {
    const granted = await t.signUp({ verified: false })
    await t.db.prisma.user.update({ where: { id: granted.user.id }, data: { role: 'admin' } })
    expect(await isAdminPerTrpc(granted)).toBe(true)
    expect(await limitsOfOther(granted)).toBe(200)
  })
})
