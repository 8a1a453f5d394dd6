import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'

import { coalesceChunks } from './coalesce-chunks.ts'

async function* pieces(texts: string[], { gapMs = 0, failAfter }: { gapMs?: number; failAfter?: number } = {}) {
  for (const [index, text] of texts.entries()) {
    if (failAfter === index) throw new Error('provider failed')
    if (gapMs > 0) await sleep(gapMs)
    yield text
  }
}

async function collect(source: AsyncIterable<string>, { pauseMs = 0 } = {}): Promise<string[]> {
  const out: string[] = []
  for await (const text of source) {
    out.push(text)
    if (pauseMs > 0) await sleep(pauseMs)
  }
  return out
}

describe('coalesceChunks', () => {
  it('keeps every character in order', async () => {
    const texts = Array.from({ length: 50 }, (_, i) => `piece ${i}; `)
    expect((await collect(coalesceChunks(pieces(texts)))).join('')).toBe(texts.join(''))
  })

  it('joins what piled up while the consumer was busy', async () => {
    const out = await collect(coalesceChunks(pieces(Array.from({ length: 40 }, () => 'ab'))), { pauseMs: 20 })
    expect(out.join('')).toBe('ab'.repeat(40))
    expect(out.length).toBeLessThan(10)
  })

  it('passes pieces through one by one when the consumer keeps up', async () => {
    const out = await collect(coalesceChunks(pieces(['a', 'b', 'c', 'd'], { gapMs: 15 })))
    expect(out).toEqual(['a', 'b', 'c', 'd'])
  })

  it('delivers the text before a failure, then the failure', async () => {
    const seen: string[] = []
    const run = async () => {
      for await (const text of coalesceChunks(pieces(['one ', 'two ', 'three'], { gapMs: 5, failAfter: 2 })))
        seen.push(text)
    }
    await expect(run()).rejects.toThrow('provider failed')
    expect(seen.join('')).toBe('one two ')
  })

  it('ends the source when the consumer stops early', async () => {
    let sourceEnded = false
    async function* endless() {
      try {
        for (let i = 0; ; i++) {
          await sleep(2)
          yield `${i} `
        }
      } finally {
        sourceEnded = true
      }
    }
    for await (const text of coalesceChunks(endless())) {
      expect(text).toMatch(/^0 /)
      break
    }
    await expect.poll(() => sourceEnded, { timeout: 1_000 }).toBe(true)
  })
})
