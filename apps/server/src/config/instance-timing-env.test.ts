import { describe, expect, it } from 'vitest'

import { resolveConfig } from './app-config.ts'
import { parseEnv } from './env.ts'
import { problemsOf } from './testing/config-problems.ts'

// A session secret keeps resolveConfig from writing one into the data folder.
const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/nonexistent/promptly-config-test' }
const timingOf = (env: Record<string, string>) => resolveConfig(parseEnv({ ...base, ...env })).instances

describe('INSTANCE_LEASE_TTL_MS and RESERVATION_SWEEP_INTERVAL_MS', () => {
  it('default to a 30 s lease renewed every 10 s and a sweep every 15 s', () => {
    expect(timingOf({})).toEqual({
      leaseTtlMs: 30_000,
      leaseRenewIntervalMs: 10_000,
      reservationSweepIntervalMs: 15_000,
    })
  })

  it('renew a shorter lease three times per lifetime, always below the TTL', () => {
    expect(timingOf({ INSTANCE_LEASE_TTL_MS: '12000', RESERVATION_SWEEP_INTERVAL_MS: '500' })).toEqual({
      leaseTtlMs: 12_000,
      leaseRenewIntervalMs: 4_000,
      reservationSweepIntervalMs: 500,
    })
    const shortest = timingOf({ INSTANCE_LEASE_TTL_MS: '5000' })
    expect(shortest.leaseRenewIntervalMs).toBe(1_666)
    expect(shortest.leaseRenewIntervalMs * 3).toBeLessThanOrEqual(shortest.leaseTtlMs)
  })

  it('treat a blank value as unset', () => {
    expect(timingOf({ INSTANCE_LEASE_TTL_MS: '', RESERVATION_SWEEP_INTERVAL_MS: '' })).toMatchObject({
      leaseTtlMs: 30_000,
      reservationSweepIntervalMs: 15_000,
    })
  })

  it('refuse values that are not whole milliseconds in range, naming the variable', () => {
    const refused = (env: Record<string, string>) => problemsOf(env).map((line) => line.split(':')[0])
    expect(refused({ INSTANCE_LEASE_TTL_MS: 'thirty seconds' })).toEqual(['INSTANCE_LEASE_TTL_MS'])
    expect(refused({ INSTANCE_LEASE_TTL_MS: '4999' })).toEqual(['INSTANCE_LEASE_TTL_MS'])
    expect(refused({ INSTANCE_LEASE_TTL_MS: '600001' })).toEqual(['INSTANCE_LEASE_TTL_MS'])
    expect(refused({ RESERVATION_SWEEP_INTERVAL_MS: '1.5' })).toEqual(['RESERVATION_SWEEP_INTERVAL_MS'])
    expect(refused({ RESERVATION_SWEEP_INTERVAL_MS: '99', INSTANCE_LEASE_TTL_MS: '-1' })).toEqual([
      'INSTANCE_LEASE_TTL_MS',
      'RESERVATION_SWEEP_INTERVAL_MS',
    ])
  })
})
