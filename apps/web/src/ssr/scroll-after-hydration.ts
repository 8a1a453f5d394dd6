/**
 * The router's `scrollRestoration` for a page the server rendered: it may restore or reset the
 * window's scroll after every render but the one that takes the page over. That page was readable
 * (and scrollable) before the app's code ran, and the server's inline scroll script already put it
 * where it belongs (a saved position, the hash's target, or the top) as it arrived; resetting it
 * again at the end of hydration threw a reader who had scrolled meanwhile back to the top, and a
 * click aimed at a link down the page landed on whatever took its place.
 */
export function scrollRestorationAfterHydration(): () => boolean {
  let hydrated = false
  return () => {
    const restores = hydrated
    hydrated = true
    return restores
  }
}
