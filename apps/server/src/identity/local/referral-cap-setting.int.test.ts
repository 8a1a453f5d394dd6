import { describe, expect, it } from 'vitest'

import { REFERRAL_REWARD, TRIAL_CREDITS } from '@promptly/core/credits/plan-rules'

import { followMailLink } from '../../testing/local-accounts.ts'
import { useTestApp } from '../../testing/use-test-app.ts'

// A cap below the default (3): each door that pays must read this app's setting, not a default.
const t = useTestApp({ env: { REFERRAL_DAILY_CAP: '1', RATE_LIMIT_PER_MINUTE: '100000' }, listen: true })

describe('REFERRAL_DAILY_CAP, as a server is configured', () => {
  it('caps the rewards paid by the share link and by the verification link alike', async () => {
    const referrer = await t.signUp()
    const register = async (visitor: Awaited<ReturnType<typeof t.signUp>>) =>
      (await t.trpc(visitor).referrals.register.mutate({ referrerId: referrer.user.id })).reason
    const pending = await t.signUp({ verified: false })
    expect(await register(pending)).toBe('pending-verification')
    expect(await register(await t.signUp())).toBe('rewarded')
    expect(await register(await t.signUp())).toBe('daily-cap')

    // The pending visitor proves their address: within the cap, so nothing more is paid.
    const verified = await followMailLink(t.app, pending.email, '/api/auth/local/verify-email')
    expect(verified.headers.location).toBe('/profile?verified=1')
    expect(await t.trpc(referrer).credits.limits.query()).toMatchObject({
      current_limit: TRIAL_CREDITS + REFERRAL_REWARD,
    })
  })
})
