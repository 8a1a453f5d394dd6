import { Link } from '@tanstack/react-router'

import classes from './layout.module.css'
import { LogoMark } from './LogoMark.tsx'
import { SITE } from './site.ts'

/** Logo and name, linking home. */
export function Brand() {
  return (
    <Link to="/" className={classes.brand}>
      <LogoMark size={30} />
      <span>{SITE.name}</span>
    </Link>
  )
}
