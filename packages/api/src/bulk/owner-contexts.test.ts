import { describe, expect, it } from 'vitest'

import type { AuthedContext } from '../context.ts'
import { recentOwnerContexts } from './owner-contexts.ts'

/** A stand-in context: the runner only passes it on, so its identity is all a test needs. */
const contextOf = (userId: string, reading: number) => ({ userId, reading }) as unknown as AuthedContext

describe('recent owner contexts', () => {
  it('reads an owner once for the rows of the next second, then again', async () => {
    let now = 0
    const readings: string[] = []
    const contextFor = recentOwnerContexts(
      async (userId) => {
        readings.push(userId)
        return contextOf(userId, readings.length)
      },
      1_000,
      () => now,
    )

    const first = await contextFor('ada')
    now = 999
    expect(await contextFor('ada')).toBe(first)
    expect(await contextFor('bob')).not.toBe(first)
    now = 1_000
    expect(await contextFor('ada')).not.toBe(first)
    expect(readings).toEqual(['ada', 'bob', 'ada'])
  })

  it('shares a reading in progress, and reads again after one that failed', async () => {
    const readings: string[] = []
    let fail = true
    const contextFor = recentOwnerContexts(
      async (userId) => {
        readings.push(userId)
        if (fail) throw new Error('database away')
        return contextOf(userId, readings.length)
      },
      1_000,
      () => 0,
    )

    const both = [contextFor('ada'), contextFor('ada')]
    await expect(both[0]).rejects.toThrow('database away')
    await expect(both[1]).rejects.toThrow('database away')
    fail = false
    expect(await contextFor('ada')).toMatchObject({ userId: 'ada' })
    expect(readings).toEqual(['ada', 'ada'])
  })

  it('keeps an account found gone for the same while', async () => {
    let readings = 0
    const contextFor = recentOwnerContexts(
      async () => {
        readings += 1
        return null
      },
      1_000,
      () => 0,
    )
    expect(await contextFor('ada')).toBeNull()
    expect(await contextFor('ada')).toBeNull()
    expect(readings).toBe(1)
  })
})
