import type { AnyRouter } from '@tanstack/react-router'

/**
 * Goes to an address the server handed back (a checkout, a return page): one of this app's pages
 * through the router, without a reload; another site (Stripe's checkout) through the browser.
 */
export async function followUrl(router: AnyRouter, url: string): Promise<void> {
  const target = new URL(url, window.location.href)
  if (target.origin === window.location.origin) {
    await router.navigate({ href: `${target.pathname}${target.search}` })
  } else {
    window.location.assign(target.href)
  }
}
