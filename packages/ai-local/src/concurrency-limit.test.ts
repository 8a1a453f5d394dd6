import { describe, expect, it } from 'vitest'

import { createConcurrencyLimit } from './concurrency-limit.ts'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

describe('createConcurrencyLimit', () => {
  it('runs at most `limit` tasks at once and starts the others in arrival order', async () => {
    const limit = createConcurrencyLimit(2)
    const gates = [deferred(), deferred(), deferred(), deferred()]
    const started: number[] = []
    const runs = gates.map((gate, index) =>
      limit.run(async () => {
        started.push(index)
        await gate.promise
        return index
      }),
    )
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    expect({ active: limit.active, waiting: limit.waiting }).toEqual({ active: 2, waiting: 2 })
    gates[1]?.resolve()
    await runs[1]
    await Promise.resolve()
    expect(started).toEqual([0, 1, 2])
    gates.forEach((gate) => gate.resolve())
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3])
    expect({ active: limit.active, waiting: limit.waiting }).toEqual({ active: 0, waiting: 0 })
  })

  it('frees the slot when a task fails', async () => {
    const limit = createConcurrencyLimit(1)
    await expect(limit.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await limit.run(async () => 'next')).toBe('next')
  })

  it('drops a waiting task whose signal aborts, without ever running it', async () => {
    const limit = createConcurrencyLimit(1)
    const gate = deferred()
    const first = limit.run(() => gate.promise)
    const controller = new AbortController()
    let ran = false
    const second = limit.run(async () => {
      ran = true
    }, controller.signal)
    controller.abort(new Error('gone'))
    await expect(second).rejects.toThrow('gone')
    expect(limit.waiting).toBe(0)
    gate.resolve()
    await first
    expect(ran).toBe(false)
    expect(limit.active).toBe(0)
  })
})
