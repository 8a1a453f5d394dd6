import { randomUUID } from 'node:crypto'

import { startBulkSweeper } from '@promptly/api/bulk/bulk-sweeper'
import { requeueStrandedRows } from '@promptly/api/bulk/feed-rows'
import { startCreditExpirySweeper } from '@promptly/api/credits/expire-credits'
import { runMigrations } from '@promptly/db/migrate/run-migrations'
import { seed } from '@promptly/db/seed/seed'

import { buildApp } from './app.ts'
import { resolveConfig } from './config/app-config.ts'
import { ConfigError, parseEnv } from './config/env.ts'
import { startSweepingReservations } from './credits/reservation-sweeping.ts'
import { takeInstanceLease } from './instances/instance-lease.ts'
import { SWEEPERS_LOCK_KEY } from './instances/sweepers-lock.ts'
import { buildServices } from './services.ts'
import { openServerDatabase } from './start-up/open-server-database.ts'
import { startUpClock } from './start-up/start-up-clock.ts'

/** How often lapsed grants are expired. */
const CREDIT_EXPIRY_INTERVAL_MS = 60_000

async function main(): Promise<void> {
  const clock = startUpClock()
  const config = resolveConfig(parseEnv(process.env))
  const { db, pgliteData } = await clock.phase('database', () =>
    openServerDatabase(config.database, { seedOnStart: config.env.SEED_ON_START }),
  )
  const { applied } = await clock.phase('migrations', () => runMigrations(db, { migrationsDir: config.migrationsDir }))
  if (config.env.SEED_ON_START) await clock.phase('seed', () => seed(db))
  // Identity, AI, media storage, mail and shared state, picked from config in one place.
  const services = await clock.phase('services', () => buildServices(config, db))
  // This process's lease id, known to the app's context before the lease starts: reservations name it.
  const instanceId = randomUUID()
  const app = await clock.phase('app', () => buildApp({ config, db, services, instanceId }))
  const { leaseTtlMs, leaseRenewIntervalMs, reservationSweepIntervalMs } = config.instances
  const lease = await clock.phase('lease', () =>
    takeInstanceLease(db.prisma, { id: instanceId, log: app.log, renewIntervalMs: leaseRenewIntervalMs }),
  )
  // Of several instances on one PostgreSQL database, one sweeps (every instance would find the same
  // rows); when it is gone, the next to ask takes over. Each still renews its own lease.
  const leadership = services.sharedState.leadership(SWEEPERS_LOCK_KEY)
  const sweeper = await startSweepingReservations(db.prisma, config.env.ai, app.log, {
    leads: leadership.leads,
    leaseTtlMs,
    intervalMs: reservationSweepIntervalMs,
    telemetry: services.telemetry,
  })
  // Lapsed grants (the 7-day trial, packs past their validity) lose their unspent credits.
  const stopExpiringCredits = startCreditExpirySweeper(db.prisma, {
    intervalMs: CREDIT_EXPIRY_INTERVAL_MS,
    log: app.log,
    leads: leadership.leads,
  })
  // An in-process queue starts empty: the rows it held when the process stopped go back in at once.
  if (services.rowQueue.engine === 'in-process') await requeueStrandedRows(db.prisma, services.rowQueue, 0)
  // Bulk jobs waiting for credits resume once their owner can pay; stranded rows go back in the queue.
  // At the reservation sweeper's pace. A row marked queued by an instance that died before adding it
  // is put back once that instance would count as dead; adding a row the queue still holds does
  // nothing, so a row merely waiting its turn that long costs one no-op add.
  const stopBulkSweeper = startBulkSweeper(db.prisma, services.rowQueue, {
    ownerInFlight: config.bulk.limits.ownerInFlight,
    log: app.log,
    leads: leadership.leads,
    intervalMs: reservationSweepIntervalMs,
    strandedAfterMs: leaseTtlMs,
  })
  app.log.info(
    { database: db.kind, identity: services.identity.kind, migrationsApplied: applied.length },
    'starting Promptly',
  )

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    // Stop sweeping first: the database closes below. app.close() also closes the local model server.
    await Promise.all([sweeper.stop(), stopExpiringCredits(), stopBulkSweeper()])
    // At once rather than with the other services: another instance takes over the sweeping meanwhile.
    await leadership.close()
    // Node closes the connections that are idle when the server closes; one still streaming a
    // generation then stays open after its last byte for the keep-alive timeout (72 s), and holds up
    // the exit past any orchestrator's grace period. So each is closed as soon as it goes idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100)
    await app.close()
    clearInterval(closeIdle)
    // After the last request settled its reservation; what is left, other instances refund at once.
    await lease.release()
    await db.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await clock.phase('listen', () => app.listen({ port: config.port, host: config.host }))
  // Where a slow start went: a new PGlite's initdb, migrations, the seed, the web app's server build.
  app.log.info({ phasesMs: clock.phases(), totalMs: clock.sinceProcessStart(), pgliteData }, 'started')
}

main().catch((error: unknown) => {
  // A bad setting gets one line per problem and no stack: it is the operator's fix, not a crash.
  if (error instanceof ConfigError) console.error(error.message)
  else console.error(error)
  process.exit(1)
})
