import { Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

import classes from './layout.module.css'
import { SiteHeader } from './SiteHeader.tsx'
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx'

// Below every page's content: rendered into the page by the server, and in the browser fetched
// beside the page's own chunk instead of weighing on the first page's JavaScript.
const SiteFooter = lazy(() => import('./SiteFooter.tsx').then(({ SiteFooter }) => ({ default: SiteFooter })))

/** Skip link, sticky navigation bar, the page, footer. */
export function RootLayout() {
  return (
    <div className={classes.shell}>
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} className={classes.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </div>
  )
}
