import { Link } from '@tanstack/react-router'

import classes from './layout.module.css'
import { LogoMark } from './LogoMark.tsx'
import { SITE } from './site.ts'

/**
 * Logo and name, linking home. `compactOnPhone` (the header): on a phone only the mark shows, the
 * name still read out, so the header's controls fit beside it.
 */
export function Brand({ compactOnPhone = false }: { compactOnPhone?: boolean }) {
  return (
    <Link to="/" className={classes.brand}>
      <LogoMark size={30} />
      <span className={compactOnPhone ? classes.brandName : undefined}>{SITE.name}</span>
    </Link>
  )
}
