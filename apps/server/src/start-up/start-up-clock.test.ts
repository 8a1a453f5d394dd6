import { describe, expect, it } from 'vitest'

import { startUpClock } from './start-up-clock.ts'

describe('startUpClock', () => {
  it('records each phase under its name, after the modules, in the order they ran', async () => {
    const clock = startUpClock()
    expect(await clock.phase('database', async () => 'opened')).toBe('opened')
    await clock.phase('migrations', () => new Promise((resolve) => setTimeout(resolve, 20)))
    const phases = clock.phases()
    expect(Object.keys(phases)).toEqual(['modules', 'database', 'migrations'])
    expect(phases.migrations).toBeGreaterThanOrEqual(15)
    expect(Number.isInteger(phases.database)).toBe(true)
    expect(clock.sinceProcessStart()).toBeGreaterThanOrEqual(phases.modules!)
  })

  it('records a phase that failed too, and passes its error on', async () => {
    const clock = startUpClock()
    await expect(clock.phase('seed', () => Promise.reject(new Error('seed data invalid')))).rejects.toThrow(
      'seed data invalid',
    )
    expect(clock.phases()).toHaveProperty('seed')
  })
})
