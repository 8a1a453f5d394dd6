import { context, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api'

import type { Telemetry, TraceSpan } from '@promptly/api/telemetry/telemetry'

/**
 * `telemetry` whose spans are OpenTelemetry's: each a child of the span current where it starts
 * (the request's, a procedure's), exported with the trace. The other reports go where they went.
 */
export function withOtelSpans(telemetry: Telemetry, tracer: Tracer): Telemetry {
  return {
    ...telemetry,
    startSpan: (name, attributes) => otelSpan(tracer.startSpan(name, { attributes }, context.active())),
  }
}

function otelSpan(span: Span): TraceSpan {
  const current = trace.setSpan(context.active(), span)
  return {
    // A span the sampler dropped (its caller's trace was not sampled) still passes that decision on.
    recording: span.isRecording(),
    run: (work) => context.with(current, work),
    event: (name) => void span.addEvent(name),
    fail: (errorType) => {
      span.setAttribute('error.type', errorType)
      span.setStatus({ code: SpanStatusCode.ERROR })
    },
    end: () => span.end(),
  }
}
