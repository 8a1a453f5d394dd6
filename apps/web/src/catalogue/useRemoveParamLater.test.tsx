import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { MY_TOOLS_PARAM_TTL_MS } from './constants.ts'
import { useRemoveParamLater, withoutParam } from './useRemoveParamLater.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('useRemoveParamLater', () => {
  it('removes the parameter 5 s after load, not before, and only once', () => {
    const remove = vi.fn()
    const { rerender } = renderHook(({ present }) => useRemoveParamLater(present, remove, MY_TOOLS_PARAM_TTL_MS), {
      initialProps: { present: true },
    })
    vi.advanceTimersByTime(4999)
    expect(remove).not.toHaveBeenCalled()
    rerender({ present: true }) // a re-render does not restart the clock
    vi.advanceTimersByTime(1)
    expect(remove).toHaveBeenCalledTimes(1)
    rerender({ present: false })
    vi.advanceTimersByTime(10_000)
    expect(remove).toHaveBeenCalledTimes(1)
  })

  it('does nothing when the parameter is absent', () => {
    const remove = vi.fn()
    renderHook(() => useRemoveParamLater(false, remove, MY_TOOLS_PARAM_TTL_MS))
    vi.advanceTimersByTime(10_000)
    expect(remove).not.toHaveBeenCalled()
  })

  it('is cancelled when the page is left first', () => {
    const remove = vi.fn()
    const { unmount } = renderHook(() => useRemoveParamLater(true, remove, MY_TOOLS_PARAM_TTL_MS))
    vi.advanceTimersByTime(3000)
    unmount()
    vi.advanceTimersByTime(5000)
    expect(remove).not.toHaveBeenCalled()
  })

  it('calls the latest callback', () => {
    const first = vi.fn()
    const second = vi.fn()
    const { rerender } = renderHook(({ remove }) => useRemoveParamLater(true, remove, MY_TOOLS_PARAM_TTL_MS), {
      initialProps: { remove: first },
    })
    rerender({ remove: second })
    vi.advanceTimersByTime(MY_TOOLS_PARAM_TTL_MS)
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledTimes(1)
  })
})

describe('withoutParam', () => {
  it('drops one parameter and keeps the others', () => {
    expect(withoutParam({ mytools: true, utm_source: 'mail', page: 2 }, 'mytools')).toEqual({
      utm_source: 'mail',
      page: 2,
    })
  })
})
