import { describe, expect, it } from 'vitest'

import { metricValues } from './metric-values.ts'

const PAGE = `# HELP process_resident_memory_bytes Resident memory size in bytes.
# TYPE process_resident_memory_bytes gauge
process_resident_memory_bytes 358612992
# TYPE promptly_pg_pool_connections gauge
promptly_pg_pool_connections{state="idle"} 2
promptly_pg_pool_connections{state="busy",note="a } b"} 3 1733500000000
nodejs_eventloop_lag_p99_seconds 0.0129
http_request_duration_seconds_bucket{le="0.005",route="/trpc/{path}"} 120
`

describe('metricValues', () => {
  it('reads each series asked for, summed over its label sets, and 0 for one the page lacks', () => {
    expect(
      metricValues(PAGE, [
        'process_resident_memory_bytes',
        'promptly_pg_pool_connections',
        'nodejs_eventloop_lag_p99_seconds',
        'nodejs_heap_size_used_bytes',
      ]),
    ).toEqual({
      process_resident_memory_bytes: 358612992,
      promptly_pg_pool_connections: 5,
      nodejs_eventloop_lag_p99_seconds: 0.0129,
      nodejs_heap_size_used_bytes: 0,
    })
  })
})
