import type { Locator } from '@playwright/test'

/** How long the slow swipe takes, by the timestamps its events carry (none of it is waited for). */
const SLOW_SWIPE_MS = 1_000

/**
 * A sideways drag of `dx` px across `target`, as slow as a careful thumb: pointer events whose
 * `timeStamp` says a second passes between press and release, with the pointer still for the last
 * part. A drag library that also dismisses on a flick reads the speed from those timestamps, so
 * this swipe tells a distance rule from a speed rule; the real mouse cannot be slowed without
 * waiting. The events bubble to the document as a real pointer's do.
 */
export async function slowSwipe(target: Locator, dx: number): Promise<void> {
  await target.evaluate(
    (element, { dx, duration }) => {
      const box = element.getBoundingClientRect()
      const x = box.left + Math.min(100, box.width / 2)
      const y = box.top + box.height / 2
      const start = performance.now()
      const send = (type: string, offset: number, at: number, buttons: number) => {
        const event = new PointerEvent(type, {
          bubbles: true,
          cancelable: true,
          composed: true,
          pointerId: 7,
          pointerType: 'mouse',
          isPrimary: true,
          button: 0,
          buttons,
          clientX: x + offset,
          clientY: y,
        })
        Object.defineProperty(event, 'timeStamp', { value: start + at })
        element.dispatchEvent(event)
      }
      send('pointerdown', 0, 0, 1)
      send('pointermove', dx / 2, duration * 0.3, 1)
      send('pointermove', dx, duration * 0.6, 1)
      send('pointerup', dx, duration, 0)
    },
    { dx, duration: SLOW_SWIPE_MS },
  )
}
