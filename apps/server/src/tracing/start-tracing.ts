import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { context, diag, DiagLogLevel, type DiagLogFunction } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace'
import { PrismaInstrumentation } from '@prisma/instrumentation'
import type { FastifyInstance } from 'fastify'

import type { Telemetry } from '@promptly/api/telemetry/telemetry'

import type { TracingConfig } from '../config/app-config.ts'
import { withOtelSpans } from './otel-spans.ts'
import { requestRootsSampler } from './request-roots-sampler.ts'
import { traceRequests } from './request-spans.ts'
import { withinShutdownBudget } from './shutdown-budget.ts'

/** One server instance's traces: what makes the spans, and the exporter they leave through. */
export interface ServerTracing {
  /** `telemetry` with its spans exported (the request context, the AI provider and the sweeper carry it). */
  withSpans(telemetry: Telemetry): Telemetry
  /** Opens a span for every request `app` answers, and puts its trace id on the request's log lines. */
  traceRequests(app: FastifyInstance): void
  /** Sends every span ended so far, now rather than with the next batch; a failure is logged, not thrown. */
  flush(): Promise<void>
  /** Sends what is left and stops (a failure is logged); the process-wide hooks it set are taken back. */
  shutdown(): Promise<void>
}

/** Where the exporter's own troubles go (a collector that refuses or cannot be reached). */
export interface TracingLog {
  warn(message: string): void
  error(message: string): void
}

/**
 * Traces over OTLP/HTTP (JSON) to `<endpoint>/v1/traces`, batched: a span costs the request only
 * its recording, and the exporter sends about every 5 s or 512 spans. Built only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (services.ts imports this module then, and only then).
 *
 * Two hooks are the process's, not the instance's: the context manager (which span is current,
 * across awaits) and Prisma's tracing helper, a global the generated client asks before each query.
 * One tracing per process, then: a second one would send the database's spans to its own exporter.
 * The exporter reads the standard OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT and _COMPRESSION itself.
 */
export function startTracing({ endpoint, serviceName }: TracingConfig, log: TracingLog): ServerTracing {
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` })
  const provider = new TracerProvider({
    // Several instances share the service name; each process is an instance of its own.
    resource: resourceFromAttributes({
      'service.name': serviceName,
      'service.instance.id': randomUUID(),
      'host.name': hostname(),
    }),
    sampler: requestRootsSampler(),
    spanProcessors: [new BatchSpanProcessor({ exporter })],
  })
  const ownsContext = context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  const ownsDiag = diag.setLogger(diagnostics(log), { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true })
  // Prisma's client asks this helper for a span around each operation and query: no module patching,
  // so the bundled server is traced like the sources. Serialising a query's arguments takes a tenth
  // of a millisecond: a span for it would only be noise.
  const prisma = new PrismaInstrumentation({ enabled: false, ignoreSpanTypes: ['prisma:client:serialize'] })
  prisma.setTracerProvider(provider)
  prisma.enable()
  const tracer = provider.getTracer('promptly')
  const propagator = new W3CTraceContextPropagator()
  // A collector that cannot be reached or refuses costs the spans it was sent, never a request or the shutdown.
  const sent = (done: Promise<void>) =>
    done.catch((error: unknown) =>
      log.warn(`tracing: spans were not exported: ${[error].flat().map(String).join('; ')}`),
    )
  return {
    withSpans: (telemetry) => withOtelSpans(telemetry, tracer),
    traceRequests: (app) => traceRequests(app, tracer, propagator),
    flush: () => sent(provider.forceFlush()),
    async shutdown() {
      prisma.disable()
      await withinShutdownBudget(sent(provider.shutdown()), log)
      if (ownsContext) context.disable()
      if (ownsDiag) diag.disable()
    },
  }
}

/** OpenTelemetry's diagnostics at warning level and above, as the server's own log lines. */
function diagnostics(log: TracingLog) {
  const line =
    (write: (message: string) => void): DiagLogFunction =>
    (message, ...args) =>
      write(['tracing:', message, ...args.map(String)].join(' '))
  const ignore: DiagLogFunction = () => undefined
  return {
    error: line((message) => log.error(message)),
    warn: line((message) => log.warn(message)),
    info: ignore,
    debug: ignore,
    verbose: ignore,
  }
}
