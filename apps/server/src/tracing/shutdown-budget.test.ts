import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { SHUTDOWN_EXPORT_MS, withinShutdownBudget } from './shutdown-budget.ts'

describe("a shutdown's wait for its last spans", () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('ends when they are exported, saying nothing', async () => {
    const warn = vi.fn()
    await withinShutdownBudget(Promise.resolve(), { warn })
    expect(warn).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('gives up on a collector that does not answer, and says so', async () => {
    const warn = vi.fn()
    const waiting = withinShutdownBudget(new Promise<void>(() => undefined), { warn })
    await vi.advanceTimersByTimeAsync(SHUTDOWN_EXPORT_MS - 1)
    expect(warn).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await waiting
    expect(warn).toHaveBeenCalledWith(`tracing: the last spans were not exported within ${SHUTDOWN_EXPORT_MS} ms`)
  })
})
