import { Outlet } from '@tanstack/react-router'

import classes from './layout.module.css'
import { SiteFooter } from './SiteFooter.tsx'
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
      <SiteFooter />
    </div>
  )
}
