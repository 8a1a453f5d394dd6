import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Registry } from 'prom-client'

import type { Telemetry } from '@promptly/api/telemetry/telemetry'
import type { PoolUse, RawSql } from '@promptly/db/client'

import type { MetricsListenerConfig } from '../config/app-config.ts'
import { httpRequestSeries, recordHttpRequests, type HttpRequestSeries } from './http-metrics.ts'
import { listenForScrapes } from './metrics-listener.ts'
import { prometheusTelemetry } from './prometheus-telemetry.ts'
import { registerDependencyGauge, registerPoolGauges } from './scrape-time-gauges.ts'

/** One server instance's metrics: its own registry, what feeds it, and the listener Prometheus scrapes. */
export interface ServerMetrics {
  /** The domain's reports into the registry (the request context and the sweeper carry it). */
  readonly telemetry: Telemetry
  /** Where the listener is: METRICS_HOST, and METRICS_PORT or the port taken for 0. */
  readonly host: string
  readonly port: number
  /** Times every HTTP request `app` answers (http_request_duration_seconds). */
  recordRequests(app: FastifyInstance): void
  /** Stops the listener; the registry goes with this instance. */
  close(): Promise<void>
}

export interface MetricsSources {
  /** The database: its pool when PostgreSQL, and a query to check it answers. */
  db: { pool?: PoolUse | undefined; raw: Pick<RawSql, 'query'> }
  /** The shared Redis's ping (shared-state.ts), null when none is configured. */
  pingRedis: (() => Promise<unknown>) | null
}

/** An instance's registry and what feeds it, before anything listens. */
export interface MetricsRegistry {
  registry: Registry
  telemetry: Telemetry
  httpRequests: HttpRequestSeries
}

/**
 * The instance's registry (never prom-client's global one: two apps in one process, tests or
 * instances, keep apart), with Node's and the process's own series (event-loop lag, heap, CPU,
 * handles), the domain's, the HTTP histogram, and the pool and dependency gauges read at scrape
 * time. The pool's gauges exist on PostgreSQL only (PGlite has no pool).
 */
export function buildMetricsRegistry({ db, pingRedis }: MetricsSources): MetricsRegistry {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const telemetry = prometheusTelemetry(registry)
  const httpRequests = httpRequestSeries(registry)
  if (db.pool) registerPoolGauges(registry, db.pool)
  registerDependencyGauge(registry, {
    database: () => db.raw.query('SELECT 1'),
    ...(pingRedis && { redis: pingRedis }),
  })
  return { registry, telemetry, httpRequests }
}

/**
 * The instance's metrics, listening for scrapes on METRICS_HOST:METRICS_PORT. Built only when
 * METRICS_PORT is set: otherwise none of this exists, and the domain reports to the no-op.
 */
export async function startServerMetrics(
  listen: MetricsListenerConfig,
  sources: MetricsSources & { onError: (error: unknown) => void },
): Promise<ServerMetrics> {
  const { registry, telemetry, httpRequests } = buildMetricsRegistry(sources)
  const listener = await listenForScrapes(registry, listen, sources.onError)
  return {
    telemetry,
    host: listen.host,
    port: listener.port,
    recordRequests: (app) => recordHttpRequests(app, httpRequests),
    close: () => listener.close(),
  }
}
