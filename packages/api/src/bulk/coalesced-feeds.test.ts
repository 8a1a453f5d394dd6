import { describe, expect, it } from 'vitest'

import { coalescedFeeds } from './coalesced-feeds.ts'

/** A feed the test ends by hand, recording which owner each call fed. */
function heldFeed() {
  const calls: { ownerId: string; end: () => void; fail: (error: Error) => void }[] = []
  const feed = (ownerId: string) =>
    new Promise<void>((resolve, reject) => calls.push({ ownerId, end: resolve, fail: reject }))
  const started = async (count: number) => {
    while (calls.length < count) await new Promise((resolve) => setImmediate(resolve))
  }
  return { calls, feed, started }
}

describe('coalesced feeds', () => {
  it('runs one feed per owner at a time, and one more after it for every ask made meanwhile', async () => {
    const held = heldFeed()
    const ask = coalescedFeeds(held.feed)
    const first = ask('ada')
    await held.started(1)
    const waiting = [ask('ada'), ask('ada'), ask('ada')]
    // Every ask made during the first feed shares the one after it.
    expect(waiting[0]).toBe(waiting[1])
    expect(waiting[1]).toBe(waiting[2])
    expect(held.calls).toHaveLength(1)

    held.calls[0]?.end()
    await first
    await held.started(2)
    expect(held.calls.map((call) => call.ownerId)).toEqual(['ada', 'ada'])
    held.calls[1]?.end()
    await Promise.all(waiting)

    // Nothing running: the next ask starts a feed at once.
    const later = ask('ada')
    await held.started(3)
    held.calls[2]?.end()
    await later
  })

  it('feeds different owners side by side', async () => {
    const held = heldFeed()
    const ask = coalescedFeeds(held.feed)
    const feeds = [ask('ada'), ask('bob')]
    await held.started(2)
    expect(held.calls.map((call) => call.ownerId)).toEqual(['ada', 'bob'])
    for (const call of held.calls) call.end()
    await Promise.all(feeds)
  })

  it('hands a failed feed to its askers, and still runs the one asked for meanwhile', async () => {
    const held = heldFeed()
    const ask = coalescedFeeds(held.feed)
    const first = ask('ada')
    await held.started(1)
    const second = ask('ada')
    held.calls[0]?.fail(new Error('database away'))
    await expect(first).rejects.toThrow('database away')
    await held.started(2)
    held.calls[1]?.end()
    await expect(second).resolves.toBeUndefined()
  })
})
