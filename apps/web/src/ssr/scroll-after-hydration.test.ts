import { describe, expect, it } from 'vitest'

import { scrollRestorationAfterHydration } from './scroll-after-hydration.ts'

describe('scrollRestorationAfterHydration', () => {
  it('leaves the scroll alone on the render that takes the page over, and restores it on every later one', () => {
    const restores = scrollRestorationAfterHydration()
    expect([restores(), restores(), restores()]).toEqual([false, true, true])
  })

  it('counts the first render per page, not once for every page', () => {
    scrollRestorationAfterHydration()()
    expect(scrollRestorationAfterHydration()()).toBe(false)
  })
})
