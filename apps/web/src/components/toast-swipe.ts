import { notifications } from '@mantine/notifications'
import { useRef, type PointerEvent } from 'react'

/** How far a toast is dragged sideways before letting go dismisses it (spec section 9: 20 px). */
export const SWIPE_THRESHOLD_PX = 20

interface Swipe {
  toast: HTMLElement
  pointerId: number
  startX: number
  offset: number
}

/**
 * Swipe-to-dismiss for every toast in the region, as pointer handlers for the element around
 * them. Mantine's own drag dismisses only past about a third of the toast's width (some 125 px)
 * or on a flick, so it is turned off (ToastViewport) and this one follows the spec's threshold.
 * Each toast is the element with role="alert" and the notification's id.
 */
export function useSwipeToDismiss() {
  const swipe = useRef<Swipe | null>(null)

  const release = (dismiss: boolean) => {
    const current = swipe.current
    swipe.current = null
    if (!current) return
    if (dismiss) notifications.hide(current.toast.id)
    else current.toast.style.removeProperty('translate')
  }

  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0 || !(event.target instanceof Element)) return
      // A press on the close button or a link is theirs, not the start of a swipe.
      if (event.target.closest('button, a')) return
      const toast = event.target.closest<HTMLElement>('[role="alert"][id]')
      if (toast) swipe.current = { toast, pointerId: event.pointerId, startX: event.clientX, offset: 0 }
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const current = swipe.current
      if (!current || current.pointerId !== event.pointerId) return
      current.offset = event.clientX - current.startX
      current.toast.style.translate = `${current.offset}px 0`
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const current = swipe.current
      if (!current || current.pointerId !== event.pointerId) return
      release(Math.abs(event.clientX - current.startX) >= SWIPE_THRESHOLD_PX)
    },
    onPointerCancel() {
      release(false)
    },
  }
}
