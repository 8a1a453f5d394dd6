import { Outlet } from '@tanstack/react-router'
import { Suspense, use } from 'react'

import classes from './layout.module.css'
import { siteFooterModule } from './site-footer-module.ts'
import { SiteHeader } from './SiteHeader.tsx'
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx'

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
        <LoadedSiteFooter />
      </Suspense>
    </div>
  )
}

/**
 * The footer, at once when its code is in (always, when a server-rendered page hydrates: see
 * site-footer-module.ts); otherwise it suspends until the code arrives. Not React.lazy, which
 * suspends on its first render even when the module has already been fetched.
 */
export function LoadedSiteFooter() {
  const { SiteFooter } = siteFooterModule.current() ?? use(siteFooterModule.load())
  return <SiteFooter />
}
