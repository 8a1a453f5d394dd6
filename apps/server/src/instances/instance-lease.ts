import { randomUUID } from 'node:crypto'

import { startPeriodicSweep, type SweeperLog } from '@promptly/api/credits/periodic-sweep'
import type { Db } from '@promptly/db/client'

/**
 * A lease not renewed for this long is lapsed: its instance is taken for dead and its reservations
 * are refunded. The default of INSTANCE_LEASE_TTL_MS (env.ts).
 */
export const LEASE_TTL_MS = 30_000

/**
 * How often an instance renews a lease of `leaseTtlMs`: three renewals per lifetime, so one slow or
 * failed renewal does not kill a live instance.
 */
export function leaseRenewInterval(leaseTtlMs: number): number {
  return Math.floor(leaseTtlMs / 3)
}

/** How often a running instance renews its lease by default. */
export const LEASE_RENEW_INTERVAL_MS = leaseRenewInterval(LEASE_TTL_MS)

export interface InstanceLease {
  /** The ServerInstance id, recorded on every reservation this instance makes. */
  readonly id: string
  /** Writes a fresh heartbeat now (the timer calls it; tests call it after moving their clock). */
  renew(): Promise<void>
  /** Clean shutdown: stops renewing and deletes the row, so nothing waits for the lease to lapse. */
  release(): Promise<void>
}

export interface LeaseOptions {
  log: SweeperLog
  /** Chosen by the caller when something must know it before the lease starts (the app's context). */
  id?: string
  /** The clock (tests move it instead of waiting). */
  now?: () => Date
  renewIntervalMs?: number
}

/**
 * Registers this process as a ServerInstance (a random id) and renews its heartbeat every
 * LEASE_RENEW_INTERVAL_MS. A renewal upserts: if another instance's sweeper already took this one
 * for dead and forgot its row (a process stalled past LEASE_TTL_MS), the lease starts again, and
 * only the reservations made before came back (their generations then cannot commit).
 */
export async function takeInstanceLease(db: Db, options: LeaseOptions): Promise<InstanceLease> {
  const id = options.id ?? randomUUID()
  const now = options.now ?? (() => new Date())
  const renew = async () => {
    const heartbeatAt = now()
    await db.serverInstance.upsert({
      where: { id },
      update: { heartbeatAt },
      create: { id, startedAt: heartbeatAt, heartbeatAt },
    })
  }
  await renew()
  const stopRenewing = startPeriodicSweep(renew, {
    intervalMs: options.renewIntervalMs ?? LEASE_RENEW_INTERVAL_MS,
    log: options.log,
    failureMessage: 'Renewing the server instance lease failed',
    runNow: false,
  })
  return {
    id,
    renew,
    async release() {
      await stopRenewing()
      await db.serverInstance.deleteMany({ where: { id } })
    },
  }
}
