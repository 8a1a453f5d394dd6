import { notifications } from '@mantine/notifications'
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react'

/** How far a toast is dragged sideways before letting go dismisses it (spec section 9: 20 px). */
export const SWIPE_THRESHOLD_PX = 20

interface Swipe {
  toast: HTMLElement
  pointerId: number
  startX: number
  /** Ends the document listeners that follow this one gesture. */
  listeners: AbortController
}

/** The toast a press on `target` starts to drag: none on its close button or a link, which are theirs. */
function toastPressedOn(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element) || target.closest('button, a')) return null
  return target.closest<HTMLElement>('[role="alert"][id]')
}

/**
 * Swipe-to-dismiss for every toast in the region: a press on a toast (the element with role="alert"
 * and the notification's id), handed to the element around them as `onPointerDown`. Mantine's own
 * drag dismisses only past about a third of the toast's width (some 125 px) or on a flick, so it is
 * turned off (ToastViewport) and this one follows the spec's threshold.
 *
 * The rest of the gesture is followed on the document, not on the region: a hand's swipe drifts, and
 * a release off the toasts (below the last one, above the first) does not reach the region, which
 * would leave the toast where it was dragged and the swipe ignored. Each press starts from nothing,
 * putting back a toast a gesture left behind.
 */
export function useSwipeToDismiss() {
  const swipe = useRef<Swipe | null>(null)

  const finish = (dismiss: boolean) => {
    const current = swipe.current
    swipe.current = null
    if (!current) return
    current.listeners.abort()
    // A dismissed toast leaves from where it was dragged to; any other goes back in place.
    if (dismiss) notifications.hide(current.toast.id)
    else current.toast.style.removeProperty('translate')
  }

  // A gesture under way when the region goes: its listeners go with it.
  useEffect(() => {
    const gesture = swipe
    return () => gesture.current?.listeners.abort()
  }, [])

  return {
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (event.button !== 0) return
      const toast = toastPressedOn(event.target)
      if (!toast) return
      finish(false)
      const { pointerId, clientX: startX } = event
      const listeners = new AbortController()
      swipe.current = { toast, pointerId, startX, listeners }
      const own = (handle: (moved: PointerEvent) => void) => (moved: PointerEvent) => {
        if (moved.pointerId === pointerId) handle(moved)
      }
      const options = { signal: listeners.signal }
      document.addEventListener(
        'pointermove',
        own((moved) => {
          toast.style.translate = `${moved.clientX - startX}px 0`
        }),
        options,
      )
      document.addEventListener(
        'pointerup',
        own((released) => finish(Math.abs(released.clientX - startX) >= SWIPE_THRESHOLD_PX)),
        options,
      )
      document.addEventListener(
        'pointercancel',
        own(() => finish(false)),
        options,
      )
    },
  }
}
