import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { startFakeMediaAi, type FakeMediaAi } from '../testing/fake-media-ai.ts'
import { signUpTestAccount } from '../testing/local-accounts.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'

/**
 * What docs/operations.md says of rotating SESSION_SECRET, seen as a rolling restart sees it: an
 * instance on the old secret and one on the new, on one database and one media folder. Not a matter
 * of the database engine, so PGlite only (one process holds both instances).
 */
let db: TestDatabase
let fakeAi: FakeMediaAi
let dataDir: string
let oldSecret: TestApp
let newSecret: TestApp

beforeAll(async () => {
  db = await createTestDatabase({ seed: true })
  fakeAi = await startFakeMediaAi()
  dataDir = await mkdtemp(path.join(tmpdir(), 'promptly-secret-rotation-'))
  const instance = () =>
    createTestApp({
      database: db,
      env: { ...fakeAi.env, DATA_DIR: dataDir, SESSION_SECRET: randomBytes(32).toString('base64url') },
    })
  oldSecret = await instance()
  newSecret = await instance()
})
afterAll(async () => {
  await oldSecret?.close()
  await newSecret?.close()
  await db?.close()
  await fakeAi?.server.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('a new SESSION_SECRET', () => {
  it('signs nobody out: a session made under the old secret is served under the new', async () => {
    const ada = await signUpTestAccount(oldSecret.app)
    for (const credentials of [{ cookies: ada.cookies }, { headers: ada.bearer }]) {
      const me = await newSecret.app.inject({ method: 'GET', url: '/api/auth/me', ...credentials })
      expect(me.statusCode).toBe(200)
      expect(me.json()).toMatchObject({ user: { id: ada.user.id } })
    }
  })

  it('pays a local checkout opened under the old secret', async () => {
    const ada = await signUpTestAccount(oldSecret.app)
    const opened = await oldSecret.app.inject({
      method: 'POST',
      url: '/api/v1/payment/create-checkout-session',
      headers: ada.bearer,
      payload: { product: { key: 'MONTHLY' } },
    })
    expect(opened.statusCode).toBe(200)
    const { purchaseId } = opened.json<{ data: { purchaseId: string } }>().data
    const pay = await newSecret.app.inject({
      method: 'POST',
      url: `/api/payments/local/${purchaseId}/pay`,
      headers: ada.bearer,
    })
    expect(pay.statusCode).toBe(200)
    const purchase = await db.prisma.purchase.findUniqueOrThrow({ where: { id: purchaseId } })
    expect(purchase.status).toBe('paid')
  })

  it("refuses the folder storage's share URLs signed before, not the owner's own link", async () => {
    const ada = await signUpTestAccount(oldSecret.app)
    const drawn = await oldSecret.app.inject({
      method: 'POST',
      url: '/api/v1/response/image',
      cookies: ada.cookies,
      payload: { prompt: 'A fox', n: 1, quality: 'standard' },
    })
    expect(drawn.statusCode).toBe(200)
    const [shareUrl] = drawn.json<{ data: string[] }>().data
    const share = new URL(shareUrl!)
    const get = (app: TestApp, url: string, cookies: Record<string, string> = {}) =>
      app.app.inject({ method: 'GET', url, cookies }).then((res) => res.statusCode)

    expect(await get(oldSecret, share.pathname + share.search)).toBe(200)
    expect(await get(newSecret, share.pathname + share.search)).toBe(404)
    expect(await get(newSecret, share.pathname, ada.cookies)).toBe(200)
  })
})
