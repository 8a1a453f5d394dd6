import type { Page } from '@playwright/test'

/** A promise the test opens when it has seen what it waited for. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

/**
 * Holds the page's requests matching `url` until the test releases them, so a loading state can be
 * checked while it is certainly on screen, then its end once released. A gate, not a delay: how
 * busy the machine is changes nothing.
 */
export async function holdRequests(page: Page, url: string): Promise<{ release: () => void }> {
  const held = gate()
  await page.route(url, async (route) => {
    await held.opened
    await route.continue()
  })
  return { release: held.open }
}
