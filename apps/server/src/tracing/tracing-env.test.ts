import { describe, expect, it } from 'vitest'

import { resolveConfig } from '../config/app-config.ts'
import { parseEnv } from '../config/env.ts'
import { problemsOf } from '../config/testing/config-problems.ts'

// A session secret given: resolving the config would otherwise keep a new one in the data folder.
const tracingOf = (env: Record<string, string>) =>
  resolveConfig(parseEnv({ SESSION_SECRET: 'x'.repeat(32), ...env })).tracing

describe('OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_SERVICE_NAME', () => {
  it('leave traces off by default, and name the service promptly when on', () => {
    expect(tracingOf({})).toBeNull()
    expect(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBeNull()
    expect(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318' })).toEqual({
      endpoint: 'http://otel-collector:4318',
      serviceName: 'promptly',
    })
    expect(
      tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example.com/', OTEL_SERVICE_NAME: ' promptly-eu ' }),
    ).toEqual({ endpoint: 'https://otlp.example.com/', serviceName: 'promptly-eu' })
    expect(parseEnv({ OTEL_SERVICE_NAME: ' ' }).OTEL_SERVICE_NAME).toBe('promptly')
  })

  it('refuse an endpoint that is not an http(s) URL, and a service name with control characters', () => {
    expect(problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'otel-collector:4317' })[0]).toMatch(
      /^OTEL_EXPORTER_OTLP_ENDPOINT:/,
    )
    expect(problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://otel-collector:4317' })[0]).toMatch(
      /^OTEL_EXPORTER_OTLP_ENDPOINT:/,
    )
    expect(problemsOf({ OTEL_SERVICE_NAME: 'promptly\nforged: line' })).toEqual([
      'OTEL_SERVICE_NAME: must not contain control characters',
    ])
    expect(problemsOf({ OTEL_SERVICE_NAME: 'p'.repeat(101) })).toEqual([
      'OTEL_SERVICE_NAME: must be at most 100 characters',
    ])
  })
})
