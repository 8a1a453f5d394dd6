import { Button, Skeleton } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

import { useIdentity } from '../identity/identity-context.ts'

const AccountMenu = lazy(() => import('./AccountMenu.tsx'))
const CreditBalance = lazy(() => import('./CreditBalance.tsx'))

const avatarPlaceholder = <Skeleton circle height={34} aria-hidden="true" />

/** Login button when signed out; credits, Profile button (wide screens) and avatar menu when signed in. */
export function AccountControls() {
  const { status, user } = useIdentity()

  if (status === 'loading') return avatarPlaceholder
  if (!user) {
    return (
      <Button component={Link} to="/login" size="sm">
        Login
      </Button>
    )
  }
  return (
    <>
      <Suspense fallback={null}>
        <CreditBalance />
      </Suspense>
      <Button component={Link} to="/profile" variant="default" size="sm" visibleFrom="sm">
        Profile
      </Button>
      <Suspense fallback={avatarPlaceholder}>
        <AccountMenu user={user} />
      </Suspense>
    </>
  )
}
