import { describe, expect, it } from 'vitest'

import {
  proxyP99sByMinute,
  slowAnswersBesideImages,
  slowestAnswers,
  soakKindOf,
  type ProxyTiming,
} from './soak-proxy-timing.ts'
import { PROVIDER_TIMING } from './soak-settings.ts'

describe('soakKindOf', () => {
  it('names each timed procedure by its kind, the catalogue by who asked', () => {
    expect(soakKindOf('/trpc/tools.categories?input=%7B%7D', false)).toBe('catalogue_out')
    expect(soakKindOf('/trpc/tools.get?input=x', true)).toBe('catalogue_in')
    expect(soakKindOf('/trpc/tools.byCategory?input=x', true)).toBe('catalogue_in')
    expect(soakKindOf('/trpc/tools.search?input=x', true)).toBe('search')
    expect(soakKindOf('/trpc/bookmarks.set', true)).toBe('bookmark')
    expect(soakKindOf('/trpc/generation.run?batch=1', true)).toBe('generation')
    expect(soakKindOf('/trpc/generation.image', true)).toBe('image')
  })

  it('leaves out what the soak does not time by kind', () => {
    expect(soakKindOf('/trpc/auth.signIn', false)).toBeNull()
    expect(soakKindOf('/api/v1/webhooks/stripe', false)).toBeNull()
    expect(soakKindOf('/media/abc.jpg', true)).toBeNull()
  })
})

const t0 = 1_000_000

describe('proxyP99sByMinute', () => {
  it('files each answer under the minute it arrived in, and skips the warm-up before t0', () => {
    const timings: ProxyTiming[] = [
      ['search', t0 - 5_000, 900],
      ['search', t0 + 1_000, 5],
      ['search', t0 + 59_999, 7],
      ['search', t0 + 60_000, 30],
    ]
    const p99s = proxyP99sByMinute(timings, t0, 2)
    expect(p99s.search).toEqual([7, 30])
    expect(p99s.bookmark).toEqual([null, null])
  })
})

describe('slowAnswersBesideImages', () => {
  it('counts slow answers that overlapped an image after its provider answered', () => {
    const imageAt = t0 + 10_000
    const encodeFrom = imageAt + PROVIDER_TIMING.imageMs
    const fast = Array.from({ length: 20 }, (_, index): ProxyTiming => ['search', t0 + index * 1_000 + 500, 5])
    const timings: ProxyTiming[] = [
      ['image', imageAt, PROVIDER_TIMING.imageMs + 100],
      ...fast,
      // Slow, during the encode.
      ['search', encodeFrom + 20, 40],
      // Slow, while the image still waited for its provider: not the encode.
      ['search', imageAt + 500, 40],
    ]
    const [search] = slowAnswersBesideImages(timings, proxyP99sByMinute(timings, t0, 1)).filter(
      (slow) => slow.kind === 'search',
    )
    // The minute's p99 (nearest rank over 22 answers) is one of the 40 ms answers: the line is 80 ms.
    expect(search).toMatchObject({ lineMs: 80, answers: 22, slow: 0 })
    const tight = slowAnswersBesideImages(timings, { ...proxyP99sByMinute(timings, t0, 1), search: [10] })
    expect(tight.find((slow) => slow.kind === 'search')).toMatchObject({
      lineMs: 20,
      slow: 2,
      slowBesideImage: 1,
      shareBesideImage: 1 / 22,
    })
  })
})

describe('slowestAnswers', () => {
  it('lists the slowest first, with seconds after the clock started', () => {
    const timings: ProxyTiming[] = [
      ['bookmark', t0 + 1_500, 4],
      ['bookmark', t0 + 61_250, 22.25],
      ['search', t0, 99],
      ['bookmark', t0 + 3_000, 9],
    ]
    expect(slowestAnswers(timings, 'bookmark', t0, 2)).toEqual([
      [22.3, 61.3],
      [9, 3],
    ])
  })
})
