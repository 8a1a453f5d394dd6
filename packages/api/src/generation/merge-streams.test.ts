import { describe, expect, it } from 'vitest'

import { mergeStreams } from './merge-streams.ts'

/** A stream that yields `values`, each after the gate its index names opens; notes when it is closed. */
function gated(values: string[], gates: Promise<void>[], closed: string[], name: string) {
  return (async function* () {
    try {
      for (const [index, value] of values.entries()) {
        await gates[index]
        yield value
      }
    } finally {
      closed.push(name)
    }
  })()
}

function gate(): { open: () => void; opened: Promise<void> } {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe('mergeStreams', () => {
  it('yields the events in the order they come, across streams, until every stream ends', async () => {
    const [a1, b1, a2] = [gate(), gate(), gate()]
    const closed: string[] = []
    const merged = mergeStreams([
      gated(['a1', 'a2'], [a1.opened, a2.opened], closed, 'a'),
      gated(['b1'], [b1.opened], closed, 'b'),
    ])
    const seen: string[] = []
    const reading = (async () => {
      for await (const value of merged) seen.push(value)
    })()
    b1.open()
    await new Promise((resolve) => setImmediate(resolve))
    a1.open()
    await new Promise((resolve) => setImmediate(resolve))
    a2.open()
    await reading
    expect(seen).toEqual(['b1', 'a1', 'a2'])
    expect(closed.sort()).toEqual(['a', 'b'])
  })

  it('closes every stream when the consumer stops early, the one still waiting once it moves', async () => {
    const closed: string[] = []
    const slowStep = gate()
    const merged = mergeStreams([
      gated(['first'], [Promise.resolve()], closed, 'quick'),
      gated(['started', 'more'], [Promise.resolve(), slowStep.opened], closed, 'slow'),
    ])
    const seen: string[] = []
    for await (const value of merged) {
      seen.push(value)
      if (seen.length === 2) {
        // The slow stream is inside its next() (as a provider call is): a cancelled call returns,
        // and only then can the stream be closed.
        slowStep.open()
        break
      }
    }
    expect(seen.sort()).toEqual(['first', 'started'])
    expect(closed.sort()).toEqual(['quick', 'slow'])
  })
})
