import { describe, expect, it } from 'vitest'

import { ConfigError, parseEnv } from '../config/env.ts'

describe('METRICS_PORT and METRICS_HOST', () => {
  it('leave metrics off by default, and bind loopback when on', () => {
    const unset = parseEnv({})
    expect(unset.METRICS_PORT).toBeUndefined()
    expect(unset.METRICS_HOST).toBe('127.0.0.1')
    expect(parseEnv({ METRICS_PORT: ' ' }).METRICS_PORT).toBeUndefined()
    expect(parseEnv({ METRICS_PORT: '9464' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' })
    expect(parseEnv({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).METRICS_HOST).toBe('0.0.0.0')
  })

  it('refuse a port that is not one, and the public port', () => {
    expect(() => parseEnv({ METRICS_PORT: 'metrics' })).toThrow(ConfigError)
    expect(() => parseEnv({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/)
    expect(() => parseEnv({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/)
    expect(() => parseEnv({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/)
  })
})
