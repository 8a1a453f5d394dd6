import { AsyncLocalStorage } from 'node:async_hooks'

import type { SpanAttributes, Telemetry, TraceSpan } from '../telemetry.ts'

type Reported = Exclude<keyof Telemetry, 'startSpan'>

/** Each report, in order, as the method name and its arguments. */
export type Report = { [Method in Reported]: [Method, ...Parameters<Telemetry[Method]>] }[Reported]

/** A span as `startSpan` was asked for it and as its caller left it. */
export interface RecordedSpan {
  name: string
  attributes: SpanAttributes
  /** The span current where this one started (through `run`, across awaits), null at the top. */
  parent: RecordedSpan | null
  events: string[]
  errorType: string | null
  ended: boolean
}

/** A Telemetry that keeps every report and every span, for tests of what the domain reports. */
export function recordingTelemetry(): Telemetry & { reports: Report[]; spans: RecordedSpan[] } {
  const reports: Report[] = []
  const spans: RecordedSpan[] = []
  // Which span is current follows the work across awaits, as a tracing library's context does.
  const current = new AsyncLocalStorage<RecordedSpan>()
  const startSpan = (name: string, attributes: SpanAttributes): TraceSpan => {
    const span: RecordedSpan = {
      name,
      attributes,
      parent: current.getStore() ?? null,
      events: [],
      errorType: null,
      ended: false,
    }
    spans.push(span)
    return {
      recording: true,
      run: (work) => current.run(span, work),
      event: (event) => void span.events.push(event),
      fail: (errorType) => void (span.errorType = errorType),
      end: () => void (span.ended = true),
    }
  }
  return {
    reports,
    spans,
    generationSettled: (...args) => void reports.push(['generationSettled', ...args]),
    providerCalled: (...args) => void reports.push(['providerCalled', ...args]),
    creditsMoved: (...args) => void reports.push(['creditsMoved', ...args]),
    procedureCalled: (...args) => void reports.push(['procedureCalled', ...args]),
    paymentEventHandled: (...args) => void reports.push(['paymentEventHandled', ...args]),
    rateLimited: (...args) => void reports.push(['rateLimited', ...args]),
    reservationsSwept: (...args) => void reports.push(['reservationsSwept', ...args]),
    catalogueLookup: (...args) => void reports.push(['catalogueLookup', ...args]),
    startSpan,
  }
}
