import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core'
import IconChevronDown from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import type { Viewer } from '@promptly/core/identity/user'

import { useSignOutAndGoHome } from '../identity/useSignOutAndGoHome.ts'

/**
 * The signed-in avatar menu: Profile, History, Bulk runs and Sign out. Loaded lazily (the menu's popover
 * machinery is heavy and a signed-out visitor never needs it).
 */
export default function AccountMenu({ user }: { user: Viewer }) {
  const { t } = useTranslation()
  const signOutAndGoHome = useSignOutAndGoHome()
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('layout.account.menu')}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <Avatar src={user.imageUrl || null} alt={user.name} name={user.name} color="initials" size={34} />
          <IconChevronDown size={14} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to="/profile">
          {t('layout.account.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/history">
          {t('layout.account.history')}
        </Menu.Item>
        <Menu.Item component={Link} to="/bulk">
          {t('layout.account.bulkRuns')}
        </Menu.Item>
        <Menu.Item onClick={() => void signOutAndGoHome()}>{t('layout.account.signOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
