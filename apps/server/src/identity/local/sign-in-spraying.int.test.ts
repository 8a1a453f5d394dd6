import { randomBytes, randomUUID } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'

import { MESSAGES } from '@promptly/core/messages'

import { uniqueClientAddress } from '../../testing/local-accounts.ts'
import { useTestApp, type TestAppFrame } from '../../testing/use-test-app.ts'
import { SIGN_IN_FAILURES_PER_CLIENT } from './login-throttle.ts'

const redisUrl = process.env.TEST_REDIS_URL

/** The spray of the hostile test: one password against this many different addresses. */
const SPRAYED_ADDRESSES = 40
const SPRAYED_PASSWORD = 'Summer2026!'

/** An address nobody has signed up with, and that no earlier run used (Redis keeps counts for 15 minutes). */
const unknownEmail = () => `sprayed-${randomUUID()}@example.test`

function signIn(t: TestAppFrame, remoteAddress: string, payload: { email: string; password: string }) {
  return t.app.inject({ method: 'POST', url: '/api/auth/local/sign-in', payload, remoteAddress })
}

/** Sprays from `remoteAddress` until refused (or SPRAYED_ADDRESSES tries), `apps` taking turns. */
async function spray(apps: TestAppFrame[], remoteAddress: string) {
  const statuses: number[] = []
  let refused: LightMyRequestResponse | undefined
  for (let i = 0; i < SPRAYED_ADDRESSES && !refused; i++) {
    const payload = { email: unknownEmail(), password: SPRAYED_PASSWORD }
    const res = await signIn(apps[i % apps.length]!, remoteAddress, payload)
    statuses.push(res.statusCode)
    if (res.statusCode === 429) refused = res
  }
  return { statuses, refused }
}

function expectThrottled(res: LightMyRequestResponse | undefined): void {
  expect(res?.statusCode).toBe(429)
  expect(res?.json()).toMatchObject({ error: MESSAGES.tooManyAttempts, code: 'TOO_MANY_REQUESTS' })
  // The client's window is 15 minutes from its first failure: nearly all of it is left.
  expect(Number(res?.headers['retry-after'])).toBeGreaterThan(14 * 60)
}

describe('password spraying: one client, one password, many addresses', () => {
  const t = useTestApp({})

  it(`throttles a client after ${SIGN_IN_FAILURES_PER_CLIENT} failures, well before the 40th address`, async () => {
    const { statuses, refused } = await spray([t], uniqueClientAddress())
    expect(statuses).toEqual([...Array(SIGN_IN_FAILURES_PER_CLIENT).fill(401), 429])
    expectThrottled(refused)
  })

  it("refuses a throttled client even an account's right password, and no other client", async () => {
    const owner = await t.signUp()
    const sprayer = uniqueClientAddress()
    expectThrottled((await spray([t], sprayer)).refused)
    // Refused before the password is looked at: the answer cannot tell a right password from a wrong one.
    expectThrottled(await signIn(t, sprayer, { email: owner.email, password: owner.password }))

    const elsewhere = uniqueClientAddress()
    const other = await signIn(t, elsewhere, { email: unknownEmail(), password: SPRAYED_PASSWORD })
    expect(other.statusCode).toBe(401)
    expect((await signIn(t, elsewhere, { email: owner.email, password: owner.password })).statusCode).toBe(200)
  })

  it('lets a successful sign-in take back only itself: the failures before it still count', async () => {
    const owner = await t.signUp()
    const household = uniqueClientAddress()
    for (let i = 1; i < SIGN_IN_FAILURES_PER_CLIENT; i++) {
      expect((await signIn(t, household, { email: unknownEmail(), password: `typo ${i}` })).statusCode).toBe(401)
    }
    expect((await signIn(t, household, { email: owner.email, password: owner.password })).statusCode).toBe(200)
    // The last failure the window allows, then none: the success did not wipe the ones before it.
    expect((await signIn(t, household, { email: unknownEmail(), password: 'typo' })).statusCode).toBe(401)
    expectThrottled(await signIn(t, household, { email: unknownEmail(), password: 'typo' }))
  })
})

describe.runIf(redisUrl)('password spraying across two instances sharing one Redis', () => {
  const env = { REDIS_URL: redisUrl! }
  const first = useTestApp({ env })
  const second = useTestApp({ env })

  it(`throttles the client on both after ${SIGN_IN_FAILURES_PER_CLIENT} failures between them`, async () => {
    // An address of its own (a /64 of the documentation range) on every run: Redis outlives the apps.
    const sprayer = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::7`
    const { statuses, refused } = await spray([first, second], sprayer)
    expect(statuses).toEqual([...Array(SIGN_IN_FAILURES_PER_CLIENT).fill(401), 429])
    expectThrottled(refused)
    for (const t of [first, second]) {
      expectThrottled(await signIn(t, sprayer, { email: unknownEmail(), password: SPRAYED_PASSWORD }))
    }
  })
})
