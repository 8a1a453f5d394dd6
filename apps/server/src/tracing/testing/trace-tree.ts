import type { ReceivedSpan } from './otlp-receiver.ts'

/** One trace's spans, with the questions a test asks of their tree. */
export interface TraceTree {
  spans: ReceivedSpan[]
  /** The span named `name`; throws when there is not exactly one. */
  one(name: string): ReceivedSpan
  /** Every span whose name starts with `prefix`. */
  named(prefix: string): ReceivedSpan[]
  /** Whether `span` sits under `ancestor` (its parent, its parent's parent, ...). */
  isUnder(span: ReceivedSpan, ancestor: ReceivedSpan): boolean
}

export function traceTree(spans: ReceivedSpan[]): TraceTree {
  const byId = new Map(spans.map((span) => [span.spanId, span]))
  const tree: TraceTree = {
    spans,
    one(name) {
      const found = spans.filter((span) => span.name === name)
      if (found.length !== 1) {
        throw new Error(`${found.length} spans named ${name} in: ${spans.map((span) => span.name).join(', ')}`)
      }
      return found[0]!
    },
    named: (prefix) => spans.filter((span) => span.name.startsWith(prefix)),
    isUnder(span, ancestor) {
      for (let parent = span.parentSpanId; parent !== null; parent = byId.get(parent)?.parentSpanId ?? null) {
        if (parent === ancestor.spanId) return true
      }
      return false
    },
  }
  return tree
}
