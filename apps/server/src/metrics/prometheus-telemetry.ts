import { Counter, Histogram, type Registry } from 'prom-client'

import { untracedSpan, UNVERIFIED_PAYMENT_EVENT, type Telemetry } from '@promptly/api/telemetry/telemetry'

/** A provider's answers take from a fraction of a second (speech) to a minute or two (a long text). */
const PROVIDER_SECONDS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120]
/** Procedures answer in milliseconds; a generation's first event and the one-shot media take seconds. */
const PROCEDURE_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]

/**
 * The payment events the webhook acts on, and `unverified` (a delivery whose signature failed). Their
 * types come from signed deliveries only, but Stripe has hundreds: any other is counted as `other`,
 * so the series stay few.
 */
const PAYMENT_EVENT_TYPES: ReadonlySet<string> = new Set([
  UNVERIFIED_PAYMENT_EVENT,
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
])

/** The domain's series, registered in `registry`; their names and labels are listed in docs/metrics.md. */
function domainSeries(registry: Registry) {
  const registers = [registry]
  return {
    generations: new Counter({
      name: 'promptly_generations_total',
      help: 'Generations settled, by tool kind, AI provider, outcome and (on failure) a bounded error class.',
      labelNames: ['kind', 'provider', 'outcome', 'error_class'] as const,
      registers,
    }),
    providerSeconds: new Histogram({
      name: 'promptly_provider_duration_seconds',
      help: 'AI provider calls, from the call to the last byte, by provider, capability and outcome.',
      labelNames: ['provider', 'capability', 'outcome'] as const,
      buckets: PROVIDER_SECONDS,
      registers,
    }),
    firstChunkSeconds: new Histogram({
      name: 'promptly_provider_first_chunk_seconds',
      help: 'Streamed AI provider calls, from the call to the first piece of text, by provider and capability.',
      labelNames: ['provider', 'capability'] as const,
      buckets: PROVIDER_SECONDS,
      registers,
    }),
    credits: new Counter({
      name: 'promptly_credits_total',
      help: 'Credits moved through the ledger, by movement (reserved, committed, refunded, granted).',
      labelNames: ['movement'] as const,
      registers,
    }),
    procedureSeconds: new Histogram({
      name: 'promptly_trpc_procedure_duration_seconds',
      help: 'tRPC procedures until answered (a streamed one: until its stream started), by procedure and type.',
      labelNames: ['procedure', 'type'] as const,
      buckets: PROCEDURE_SECONDS,
      registers,
    }),
    procedureErrors: new Counter({
      name: 'promptly_trpc_procedure_errors_total',
      help: 'tRPC procedures that failed, by procedure and tRPC error code.',
      labelNames: ['procedure', 'code'] as const,
      registers,
    }),
    paymentEvents: new Counter({
      name: 'promptly_payment_events_total',
      help: 'Payment webhook deliveries, by event type and what handling them did.',
      labelNames: ['type', 'outcome'] as const,
      registers,
    }),
    rateLimited: new Counter({
      name: 'promptly_rate_limit_rejections_total',
      help: 'Requests refused for going over a rate limit, by limiter (client, api_key).',
      labelNames: ['limiter'] as const,
      registers,
    }),
    sweptRefunds: new Counter({
      name: 'promptly_reservation_sweeper_refunds_total',
      help: 'Abandoned reservations the sweeper refunded (their instance died, or they grew too old).',
      registers,
    }),
    cacheLookups: new Counter({
      name: 'promptly_cache_lookups_total',
      help: 'Cache reads, by cache and result (hit, miss): a miss ran a load.',
      labelNames: ['cache', 'result'] as const,
      registers,
    }),
  }
}

/**
 * The domain's reports (@promptly/api's Telemetry) as Prometheus series in `registry`: one set per
 * server instance. The names and labels are the contract of the dashboard and the alerts
 * (ops/grafana, ops/prometheus, checked by ops-files.test.ts).
 */
export function prometheusTelemetry(registry: Registry): Telemetry {
  const series = domainSeries(registry)
  return {
    generationSettled(event) {
      const error_class = event.outcome === 'failed' ? event.errorClass : 'none'
      series.generations.inc({ kind: event.kind, provider: event.provider, outcome: event.outcome, error_class })
    },
    providerCalled({ provider, capability, outcome, seconds, firstChunkSeconds }) {
      series.providerSeconds.observe({ provider, capability, outcome }, seconds)
      if (firstChunkSeconds !== undefined) series.firstChunkSeconds.observe({ provider, capability }, firstChunkSeconds)
    },
    creditsMoved(movement, amount) {
      series.credits.inc({ movement }, amount)
    },
    procedureCalled({ path, type, seconds, errorCode }) {
      series.procedureSeconds.observe({ procedure: path, type }, seconds)
      if (errorCode !== null) series.procedureErrors.inc({ procedure: path, code: errorCode })
    },
    paymentEventHandled(type, outcome) {
      series.paymentEvents.inc({ type: PAYMENT_EVENT_TYPES.has(type) ? type : 'other', outcome })
    },
    rateLimited(limiter) {
      series.rateLimited.inc({ limiter })
    },
    reservationsSwept(count) {
      series.sweptRefunds.inc(count)
    },
    catalogueLookup(hit) {
      series.cacheLookups.inc({ cache: 'catalogue', result: hit ? 'hit' : 'miss' })
    },
    // Spans are the tracing's (tracing/otel-telemetry.ts puts its own in when traces are exported).
    startSpan: () => untracedSpan,
  }
}
