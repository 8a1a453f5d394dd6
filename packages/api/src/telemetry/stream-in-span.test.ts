import { describe, expect, it } from 'vitest'

import { isAsyncIterable, streamInSpan } from './stream-in-span.ts'
import { recordingTelemetry } from './testing/recording-telemetry.ts'

type Recording = ReturnType<typeof recordingTelemetry>

/** A stream whose every step does traced work (a query), as a generation's does; `cleanedUp` when it is returned. */
function tracedWork(telemetry: Recording, steps: number, failAt?: number) {
  const state = { cleanedUp: false }
  async function* stream(): AsyncGenerator<number, string, undefined> {
    try {
      for (let step = 0; step < steps; step++) {
        await Promise.resolve()
        if (step === failAt) throw new Error('provider went away')
        const query = telemetry.startSpan(`query ${step}`, {})
        query.end()
        yield step
      }
      return 'done'
    } finally {
      state.cleanedUp = true
      telemetry.startSpan('clean-up', {}).end()
    }
  }
  return { stream: stream(), state }
}

const errorTypeOf = (error: unknown) => (error instanceof Error ? error.message : 'unknown')
const parentOf = (telemetry: Recording, name: string) =>
  telemetry.spans.find((span) => span.name === name)?.parent?.name

describe('streamInSpan', () => {
  it('runs every step inside the span, which ends with the stream; values and the return pass through', async () => {
    const telemetry = recordingTelemetry()
    const span = telemetry.startSpan('trpc generation.run', {})
    const { stream } = tracedWork(telemetry, 2)
    const wrapped = streamInSpan(stream, span, errorTypeOf)
    expect(await wrapped.next()).toEqual({ done: false, value: 0 })
    expect(telemetry.spans[0]?.ended).toBe(false)
    expect(await wrapped.next()).toEqual({ done: false, value: 1 })
    expect(await wrapped.next()).toEqual({ done: true, value: 'done' })
    expect(['query 0', 'query 1', 'clean-up'].map((name) => parentOf(telemetry, name))).toEqual([
      'trpc generation.run',
      'trpc generation.run',
      'trpc generation.run',
    ])
    expect(telemetry.spans[0]).toMatchObject({ ended: true, errorType: null })
  })

  it('marks the span failed with what the stream threw, and rethrows it', async () => {
    const telemetry = recordingTelemetry()
    const span = telemetry.startSpan('trpc generation.run', {})
    const { stream } = tracedWork(telemetry, 3, 1)
    const seen: number[] = []
    await expect(async () => {
      for await (const value of streamInSpan(stream, span, errorTypeOf)) seen.push(value)
    }).rejects.toThrow('provider went away')
    expect(seen).toEqual([0])
    expect(telemetry.spans[0]).toMatchObject({ ended: true, errorType: 'provider went away' })
  })

  it('hands a consumer that leaves early on to the stream, whose clean-up runs inside the span', async () => {
    const telemetry = recordingTelemetry()
    const span = telemetry.startSpan('trpc generation.run', {})
    const { stream, state } = tracedWork(telemetry, 5)
    for await (const value of streamInSpan(stream, span, errorTypeOf)) if (value === 1) break
    expect(state.cleanedUp).toBe(true)
    expect(parentOf(telemetry, 'clean-up')).toBe('trpc generation.run')
    expect(telemetry.spans[0]).toMatchObject({ ended: true, errorType: null })
  })
})

describe('isAsyncIterable', () => {
  it('tells a stream from a plain answer', () => {
    expect(isAsyncIterable(tracedWork(recordingTelemetry(), 1).stream)).toBe(true)
    expect(isAsyncIterable({ items: [] })).toBe(false)
    expect(isAsyncIterable(null)).toBe(false)
    expect(isAsyncIterable([1, 2])).toBe(false)
  })
})
