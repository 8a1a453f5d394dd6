import { Button } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import type { Viewer } from '@promptly/core/identity/user'

import AccountMenu from './AccountMenu.tsx'
import CreditBalance from './CreditBalance.tsx'

/**
 * The header's signed-in controls: credits, the Profile button (wide screens) and the avatar menu.
 * One lazy chunk: a signed-out visitor never loads them, a signed-in one loads them in one request.
 */
export default function SignedInControls({ user }: { user: Viewer }) {
  const { t } = useTranslation()
  return (
    <>
      <CreditBalance />
      <Button component={Link} to="/profile" variant="default" size="sm" visibleFrom="sm">
        {t('layout.account.profile')}
      </Button>
      <AccountMenu user={user} />
    </>
  )
}
