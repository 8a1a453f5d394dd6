/** Spec section 9: the page stops this far above the result panel. */
export const RESULT_SCROLL_OFFSET_PX = 200

/**
 * Smoothly scrolls the page so `element` sits 200 px below the top of the window. Visitors who ask
 * for reduced motion get the same position without the animation.
 */
export function scrollToResult(element: HTMLElement | null, offset = RESULT_SCROLL_OFFSET_PX): void {
  if (!element || typeof window.scrollTo !== 'function') return
  const top = Math.max(0, element.getBoundingClientRect().top + window.scrollY - offset)
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  window.scrollTo({ top, behavior: reduceMotion ? 'auto' : 'smooth' })
}
