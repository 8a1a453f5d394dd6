import { describe, expect, it, vi } from 'vitest'

import { startPeriodicSweep } from './periodic-sweep.ts'

const log = { info: vi.fn(), error: vi.fn() }

describe('a periodic sweep with a leader', () => {
  it('sweeps only on an instance that leads', async () => {
    for (const leading of [true, false]) {
      const sweep = vi.fn(async () => undefined)
      const leads = vi.fn(async () => leading)
      // The first tick runs at once; stop() waits for it.
      const stop = startPeriodicSweep(sweep, { intervalMs: 60_000, log, failureMessage: 'failed', leads })
      await stop()
      expect(leads).toHaveBeenCalledTimes(1)
      expect(sweep).toHaveBeenCalledTimes(leading ? 1 : 0)
    }
  })

  it('logs a failed question of leadership like a failed sweep, and goes on', async () => {
    const sweep = vi.fn(async () => undefined)
    const stop = startPeriodicSweep(sweep, {
      intervalMs: 60_000,
      log,
      failureMessage: 'Sweeping failed',
      leads: async () => Promise.reject(new Error('connection lost')),
    })
    await stop()
    expect(sweep).not.toHaveBeenCalled()
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'Sweeping failed')
  })
})
