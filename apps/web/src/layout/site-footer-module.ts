import { lazyModule } from '../app/lazy-module.ts'

/**
 * The footer's code, a chunk of its own so that it does not weigh on the entry. A server-rendered
 * page has it before React takes the markup over (src/ssr/hydrate-page.ts loads it, the server
 * preloads it with the page), and RootLayout then renders it in the same pass: a footer that
 * suspended during hydration was dropped, then put back, at the first update that reached it, and
 * everything around it moved.
 */
export const siteFooterModule = lazyModule(() => import('./SiteFooter.tsx'))
