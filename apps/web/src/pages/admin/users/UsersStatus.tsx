import { Text } from '@mantine/core'

import { formatCount } from '../admin-format.ts'

interface UsersStatusProps {
  shown: number
  more: boolean
  search: string
  busy: boolean
  loaded: boolean
}

/** One line under the search box that screen readers hear whenever the results change. */
export function UsersStatus({ shown, more, search, busy, loaded }: UsersStatusProps) {
  return (
    <Text id="admin-users-status" role="status" aria-live="polite" size="sm" c="dimmed">
      {!loaded ? 'Loading users…' : busy ? 'Searching…' : statusText(shown, more, search)}
    </Text>
  )
}

function statusText(shown: number, more: boolean, search: string): string {
  const matching = search ? ` matching “${search}”` : ''
  if (shown === 0) return search ? `No users match “${search}”.` : 'No users yet.'
  const count = `${formatCount(shown)} ${shown === 1 ? 'user' : 'users'}${matching}`
  return more ? `Showing the first ${count}; load more below.` : `Showing ${count}.`
}
