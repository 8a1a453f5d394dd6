import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core'
import type { MouseEvent } from 'react'

import { formatDate, shortId } from '../admin-format.ts'
import type { AdminUser } from '../admin-types.ts'
import { useAdminText } from '../useAdminText.ts'

interface UserRowProps {
  user: AdminUser
  onOpen: (user: AdminUser) => void
  onAddCredits: (user: AdminUser) => void
  onRevokeCredits: (user: AdminUser) => void
}

/**
 * One account. A click anywhere on the row opens its detail; keyboard and screen-reader users reach
 * the same through the name, which is a button. Add and Revoke name the account they act on.
 */
export function UserRow({ user, onOpen, onAddCredits, onRevokeCredits }: UserRowProps) {
  const text = useAdminText()
  const { t, format } = text
  const openFromRow = (event: MouseEvent<HTMLTableRowElement>) => {
    if (event.target instanceof Element && event.target.closest('button, a, input')) return
    onOpen(user)
  }
  return (
    <Table.Tr onClick={openFromRow} style={{ cursor: 'pointer' }} data-testid="admin-user-row">
      <Table.Td>
        <Text ff="monospace" size="xs" title={user._id}>
          {shortId(user._id)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Anchor component="button" type="button" onClick={() => onOpen(user)} aria-haspopup="dialog" fw={500}>
            {user.name}
          </Anchor>
          {user.role === 'admin' && (
            <Badge size="xs" variant="light">
              {t('admin.users.row.admin')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        {user.email}
        {!user.emailVerified && (
          <Text size="xs" c="dimmed">
            {t('admin.users.row.notVerified')}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-testid="user-credits">
        {format.number(user.current_limit)}
        <Text span size="xs" c="dimmed">
          {' '}
          {t('admin.users.row.ofMax', { max: format.number(user.max_limit) })}
        </Text>
      </Table.Td>
      <Table.Td>{t(`admin.plan.${user.plan}`)}</Table.Td>
      <Table.Td>{formatDate(text, user.planValidTill)}</Table.Td>
      <Table.Td>{formatDate(text, user.joinedAt)}</Table.Td>
      <Table.Td>{formatDate(text, user.lastActiveAt, t('admin.format.never'))}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-sm"
            onClick={() => onAddCredits(user)}
            aria-label={t('admin.users.row.addLabel', { name: user.name })}
          >
            {t('admin.users.row.add')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onRevokeCredits(user)}
            aria-label={t('admin.users.row.revokeLabel', { name: user.name })}
          >
            {t('admin.users.row.revoke')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  )
}
