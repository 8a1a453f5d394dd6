import { Button } from '@mantine/core'
import { Link, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'

import { useIdentity } from '../identity/identity-context.ts'
import classes from './layout.module.css'

const SignedInControls = lazy(() => import('./SignedInControls.tsx'))

/** Mantine's circular Skeleton, as plain CSS: the header shows it with the first paint. */
const avatarPlaceholder = <span className={classes.avatarPlaceholder} aria-hidden="true" />

/**
 * Login button when signed out (none on the login page itself); credits, Profile button (wide
 * screens) and avatar menu when signed in.
 */
export function AccountControls() {
  const { t } = useTranslation()
  const { status, user } = useIdentity()
  const onLoginPage = useRouterState({ select: (state) => state.location.pathname === '/login' })

  if (status === 'loading') return avatarPlaceholder
  if (!user) {
    if (onLoginPage) return null
    return (
      <Button component={Link} to="/login" size="sm">
        {t('layout.account.login')}
      </Button>
    )
  }
  return (
    <Suspense fallback={avatarPlaceholder}>
      <SignedInControls user={user} />
    </Suspense>
  )
}
