import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { noTelemetry } from '@promptly/api/telemetry/telemetry'

import { startFakeMediaAi, type FakeMediaAi } from '../testing/fake-media-ai.ts'
import { createTestApp } from '../testing/test-app.ts'

/** TCP listeners this process holds: the metrics listener would be one. */
const listeners = () => process.getActiveResourcesInfo().filter((resource) => resource === 'TCPServerWrap').length

// A remote AI server (the fake, started first): the built-in local model would open a listener of its own.
let fakeAi: FakeMediaAi
beforeAll(async () => {
  fakeAi = await startFakeMediaAi()
})
afterAll(() => fakeAi.server.close())

describe('metrics are off unless METRICS_PORT is set', () => {
  it('without it: no registry, no listener, the domain reports to the no-op, no /metrics anywhere', async () => {
    const before = listeners()
    const off = await createTestApp({ env: fakeAi.env })
    try {
      expect(listeners()).toBe(before)
      expect(off.services.metrics).toBeNull()
      expect(off.services.telemetry).toBe(noTelemetry)
      expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404)
    } finally {
      await off.close()
    }
  })

  it('with it: one listener more, closed with the app', async () => {
    const before = listeners()
    const on = await createTestApp({ env: { ...fakeAi.env, METRICS_PORT: '0' } })
    try {
      expect(listeners()).toBe(before + 1)
      expect(on.services.metrics).not.toBeNull()
      expect((await on.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404)
    } finally {
      await on.close()
    }
    expect(listeners()).toBe(before)
  })
})
