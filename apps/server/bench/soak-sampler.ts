import { Redis } from 'ioredis'

import type { Database } from '@promptly/db/client'

import { metricValues } from '../src/metrics/testing/metric-values.ts'

/** One instance's figures from its /metrics. */
export interface InstanceSample {
  name: string
  rssBytes: number
  heapUsedBytes: number
  eventLoopLagP99Ms: number
  /** Connections its pool holds open (promptly_pg_pool_connections). */
  poolConnections: number
}

/** Everything read at one moment; a figure that could not be read is null (and counted as a failure). */
export interface ResourceSample {
  /** Milliseconds since the load started. */
  atMs: number
  instances: (InstanceSample | null)[]
  /** Sessions on the run's database by application_name (`instance-0`, `instance-1`, `bench`). */
  pgConnections: Record<string, number> | null
  redisUsedMemoryBytes: number | null
  /** Keys in the instances' Redis database. */
  redisKeys: number | null
  /** Autovacuum and autoanalyze runs so far, per table of the run's database (pg_stat_user_tables). */
  pgMaintenance: Record<string, { vacuums: number; analyzes: number }> | null
}

export interface SampledInstance {
  name: string
  metricsPort: number
}

export interface Sampler {
  /** Reads everything once, `atMs` after the load started. */
  sample(atMs: number): Promise<ResourceSample>
  /** Reads that failed (an instance not answering its /metrics, a query that threw). */
  failures(): string[]
  close(): Promise<void>
}

/** Reads each instance's /metrics, the database's sessions and Redis's memory, on demand. */
export async function createSampler(
  instances: readonly SampledInstance[],
  db: Database,
  redisUrl: string,
): Promise<Sampler> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
  await redis.connect()
  const failures: string[] = []
  const attempt = async <T>(what: string, read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read()
    } catch (error) {
      failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`)
      return null
    }
  }
  return {
    async sample(atMs) {
      const [pgConnections, pgMaintenance, redisUsedMemoryBytes, redisKeys, ...read] = await Promise.all([
        attempt('pg_stat_activity', () => sessionsByApplication(db)),
        attempt('pg_stat_user_tables', () => maintenanceByTable(db)),
        attempt('redis info', async () => Number(/^used_memory:(\d+)/m.exec(await redis.info('memory'))?.[1])),
        attempt('redis dbsize', () => redis.dbsize()),
        ...instances.map((instance) => attempt(`${instance.name} /metrics`, () => readInstance(instance))),
      ])
      return { atMs, instances: read, pgConnections, pgMaintenance, redisUsedMemoryBytes, redisKeys }
    },
    failures: () => [...failures],
    close: async () => {
      redis.disconnect()
    },
  }
}

async function readInstance({ name, metricsPort }: SampledInstance): Promise<InstanceSample> {
  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`)
  const values = metricValues(await res.text(), [
    'process_resident_memory_bytes',
    'nodejs_heap_size_used_bytes',
    'nodejs_eventloop_lag_p99_seconds',
    'promptly_pg_pool_connections',
  ])
  return {
    name,
    rssBytes: values.process_resident_memory_bytes,
    heapUsedBytes: values.nodejs_heap_size_used_bytes,
    eventLoopLagP99Ms: values.nodejs_eventloop_lag_p99_seconds * 1000,
    poolConnections: values.promptly_pg_pool_connections,
  }
}

async function sessionsByApplication(db: Database): Promise<Record<string, number>> {
  const rows = await db.raw.query<{ name: string; sessions: number }>(
    `SELECT coalesce(nullif(application_name, ''), 'bench') AS name, count(*)::int AS sessions
       FROM pg_stat_activity WHERE datname = current_database() GROUP BY 1 ORDER BY 1`,
  )
  return Object.fromEntries(rows.map((row) => [row.name, row.sessions]))
}

async function maintenanceByTable(db: Database): Promise<Record<string, { vacuums: number; analyzes: number }>> {
  const rows = await db.raw.query<{ name: string; vacuums: number; analyzes: number }>(
    `SELECT relname AS name, autovacuum_count::int AS vacuums, autoanalyze_count::int AS analyzes
       FROM pg_stat_user_tables ORDER BY 1`,
  )
  return Object.fromEntries(rows.map((row) => [row.name, { vacuums: row.vacuums, analyzes: row.analyzes }]))
}
