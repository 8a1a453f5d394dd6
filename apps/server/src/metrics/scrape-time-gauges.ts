import { Gauge, type Registry } from 'prom-client'

import type { PoolUse } from '@promptly/db/client'

/** A dependency that takes longer than this to answer a scrape's check counts as down. */
const CHECK_TIMEOUT_MS = 2_000

/** The PostgreSQL pool's use, read when Prometheus scrapes (pg keeps the counts; nothing runs between scrapes). */
export function registerPoolGauges(registry: Registry, pool: PoolUse): void {
  const registers = [registry]
  new Gauge({
    name: 'promptly_pg_pool_connections',
    help: 'Connections the PostgreSQL pool holds open (busy and idle).',
    registers,
    collect() {
      this.set(pool.totalCount)
    },
  })
  new Gauge({
    name: 'promptly_pg_pool_idle_connections',
    help: 'Open PostgreSQL connections no query is using.',
    registers,
    collect() {
      this.set(pool.idleCount)
    },
  })
  new Gauge({
    name: 'promptly_pg_pool_waiting_clients',
    help: 'Queries waiting for a PostgreSQL connection (the pool is at its maximum).',
    registers,
    collect() {
      this.set(pool.waitingCount)
    },
  })
}

/**
 * What /ready checks (the database, and Redis when configured), asked at each scrape: 1 when it
 * answered within CHECK_TIMEOUT_MS, else 0. An instance whose scrape works but whose database does
 * not is alive and unable to serve: this is what tells the two apart without a load balancer.
 */
export function registerDependencyGauge(registry: Registry, checks: Record<string, () => Promise<unknown>>): void {
  new Gauge({
    name: 'promptly_dependency_up',
    help: 'Whether a dependency /ready checks answered at the last scrape (1) or not (0), by dependency.',
    labelNames: ['dependency'] as const,
    registers: [registry],
    async collect() {
      const results = await Promise.all(
        Object.entries(checks).map(async ([dependency, check]) => [dependency, await answers(check)] as const),
      )
      for (const [dependency, up] of results) this.set({ dependency }, up ? 1 : 0)
    },
  })
}

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)
    timer.unref()
  })
  try {
    return await Promise.race([check().then(() => true), timeout])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}
