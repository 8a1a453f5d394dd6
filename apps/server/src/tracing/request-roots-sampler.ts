import { ParentBasedSampler, SamplingDecision, type Sampler } from '@opentelemetry/sdk-trace'

/** The prefix @prisma/instrumentation gives its spans (`prisma:client:operation`, `prisma:client:db_query`). */
const DATABASE_SPAN_PREFIX = 'prisma:'

/**
 * Keeps every trace a request starts, and a caller's decision when it sent one (`traceparent`), but
 * no trace that a database query would start on its own: the sweepers, the instance lease and the
 * cache bus query every few seconds outside any request, and each query would be a trace of its own.
 */
export function requestRootsSampler(): Sampler {
  return new ParentBasedSampler({ root: noDatabaseRoots })
}

const noDatabaseRoots: Sampler = {
  shouldSample: (_context, _traceId, spanName) => ({
    decision: spanName.startsWith(DATABASE_SPAN_PREFIX)
      ? SamplingDecision.NOT_RECORD
      : SamplingDecision.RECORD_AND_SAMPLED,
  }),
  toString: () => 'NoDatabaseRoots',
}
