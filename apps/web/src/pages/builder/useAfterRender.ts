import { useCallback, useEffect, useRef } from 'react'

/**
 * Runs a task once React has rendered the change that asked for it: focusing a field just added (a
 * new question, element or option), or the first field whose message has just appeared. The task
 * waits in a ref, and the change itself (a form update) brings the render.
 */
export function useAfterRender(): (task: () => void) => void {
  const pending = useRef<(() => void) | null>(null)
  useEffect(() => {
    const task = pending.current
    pending.current = null
    task?.()
  })
  return useCallback((task: () => void) => {
    pending.current = task
  }, [])
}

/** Focuses the element with this id after the next render. */
export function useFocusAfterRender(): (id: string) => void {
  const afterRender = useAfterRender()
  return useCallback((id: string) => afterRender(() => document.getElementById(id)?.focus()), [afterRender])
}
