import type { AiCapability, AiErrorCode } from '@promptly/ai/errors'
import type { ToolKind } from '@promptly/db/generated/prisma/enums'

/**
 * What the domain reports as it works, for the operator's dashboards (apps/server/src/metrics turns
 * it into Prometheus series; docs/metrics.md lists them) and traces (apps/server/src/tracing exports
 * the spans; docs/tracing.md). The domain knows this interface only, never the metrics or tracing
 * library: built once per server instance in the composition root (services.ts) and carried on the
 * context like the caches; `noTelemetry` where nobody is listening (METRICS_PORT and
 * OTEL_EXPORTER_OTLP_ENDPOINT unset, tests, command-line tools).
 *
 * Every value passed here is bounded (a kind, a code, a path of the router), never an id, an e-mail
 * or a raw URL: each distinct value becomes a series the monitoring keeps.
 */
export interface Telemetry {
  /** A generation settled: committed (its credits kept) or refunded (`failed`, with why). */
  generationSettled(event: GenerationSettled): void
  /** One call to the AI provider ended, whatever it answered. */
  providerCalled(event: ProviderCall): void
  /** Credits moved through the ledger: held, kept, given back or granted (`amount` > 0). */
  creditsMoved(movement: CreditMovement, amount: number): void
  /** A tRPC procedure answered (for a streamed one: once its stream started). */
  procedureCalled(event: ProcedureCall): void
  /** A payment webhook delivery was applied, found a duplicate, or refused. */
  paymentEventHandled(type: string, outcome: string): void
  /** A request was refused for going over a rate limit. */
  rateLimited(limiter: RateLimiter): void
  /** The reservation sweeper refunded `count` abandoned reservations in one sweep. */
  reservationsSwept(count: number): void
  /** A catalogue read was answered from the cache (`hit`) or had to load (a miss). */
  catalogueLookup(hit: boolean): void
  /**
   * Opens a span of the current trace, a child of the span current where it is called (a tRPC
   * procedure, an AI provider call). Without traces it is `untracedSpan`, which records nothing.
   */
  startSpan(name: string, attributes: SpanAttributes): TraceSpan
}

/**
 * What a span may carry: bounded facts (a router path, a code, a model name), never a prompt, an id
 * of a user or anything else a user typed: spans leave the process for the operator's trace store.
 */
export type SpanAttributes = Readonly<Record<string, string | number | boolean>>

/** One operation in a trace, from `Telemetry.startSpan`; ended once by whoever started it. */
export interface TraceSpan {
  /** False for `untracedSpan`: callers skip the work only a trace would use. */
  readonly recording: boolean
  /** Runs `work` with this span current: spans started inside it (database queries) are its children. */
  run<T>(work: () => T): T
  /** A moment inside the operation worth marking (a stream's first chunk). */
  event(name: string): void
  /** The operation failed; `errorType` is bounded (a code such as `timeout`), never a message. */
  fail(errorType: string): void
  end(): void
}

/** The ledger's movements a dashboard follows: held by a generation, kept, given back, granted. */
export type CreditMovement = 'reserved' | 'committed' | 'refunded' | 'granted'

/**
 * Why a generation failed, bounded: the provider's own code, `bad_request` for input refused by our
 * checks (no speech in the audio), `refused` for another domain refusal, `internal` for a failure
 * of ours (storage, database, a bug).
 */
export type GenerationErrorClass = AiErrorCode | 'refused' | 'internal'

interface GenerationFacts {
  kind: ToolKind
  /** The AI provider's name ('local' or 'openai-compatible'). */
  provider: string
}

export type GenerationSettled =
  | (GenerationFacts & { outcome: 'succeeded' })
  | (GenerationFacts & { outcome: 'failed'; errorClass: GenerationErrorClass })

export interface ProviderCall {
  provider: string
  capability: AiCapability
  outcome: 'succeeded' | 'failed'
  /** From the call to its last byte (a stream's end). */
  seconds: number
  /** Streams only: from the call to the first piece of text, when one came. */
  firstChunkSeconds?: number
}

export interface ProcedureCall {
  /** The router path (`generation.run`): bounded by the router, an unknown path never gets this far. */
  path: string
  type: 'query' | 'mutation' | 'subscription'
  seconds: number
  /** The tRPC error code when it failed (after the domain error map), else null. */
  errorCode: string | null
}

/** The payment event type reported for a delivery whose signature failed: its contents are not to be believed. */
export const UNVERIFIED_PAYMENT_EVENT = 'unverified'

/** `client`: the per-client limit on API paths (and media); `api_key`: a key's own allowance. */
export type RateLimiter = 'client' | 'api_key'

const ignore = () => undefined

/** The span of no trace: runs the work as it is and records nothing. */
export const untracedSpan: TraceSpan = {
  recording: false,
  run: (work) => work(),
  event: ignore,
  fail: ignore,
  end: ignore,
}

/** Telemetry that records nothing: the default wherever no metrics are served and no traces exported. */
export const noTelemetry: Telemetry = {
  generationSettled: ignore,
  providerCalled: ignore,
  creditsMoved: ignore,
  procedureCalled: ignore,
  paymentEventHandled: ignore,
  rateLimited: ignore,
  reservationsSwept: ignore,
  catalogueLookup: ignore,
  startSpan: () => untracedSpan,
}
