import { Text } from '@mantine/core'

import { useAdminText, type AdminText } from '../useAdminText.ts'

interface UsersStatusProps {
  shown: number
  more: boolean
  search: string
  busy: boolean
  loaded: boolean
}

/** One line under the search box that screen readers hear whenever the results change. */
export function UsersStatus({ shown, more, search, busy, loaded }: UsersStatusProps) {
  const text = useAdminText()
  const { t } = text
  return (
    <Text id="admin-users-status" role="status" aria-live="polite" size="sm" c="dimmed">
      {!loaded
        ? t('admin.users.status.loading')
        : busy
          ? t('admin.users.status.searching')
          : statusText(text, shown, more, search)}
    </Text>
  )
}

function statusText({ t, format }: AdminText, shown: number, more: boolean, search: string): string {
  if (shown === 0) return search ? t('admin.users.status.noMatch', { search }) : t('admin.users.status.none')
  const count = t('admin.users.status.count', { count: shown, amount: format.number(shown) })
  const users = search ? t('admin.users.status.matching', { users: count, search }) : count
  return more ? t('admin.users.status.showingFirst', { users }) : t('admin.users.status.showing', { users })
}
