import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core'
import type { MouseEvent } from 'react'

import { planDescription } from '../../plan/plan-names.ts'
import { formatCount, formatDate, shortId } from '../admin-format.ts'
import type { AdminUser } from '../admin-types.ts'

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
              Admin
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        {user.email}
        {!user.emailVerified && (
          <Text size="xs" c="dimmed">
            Not verified
          </Text>
        )}
      </Table.Td>
      <Table.Td data-testid="user-credits">
        {formatCount(user.current_limit)}
        <Text span size="xs" c="dimmed">
          {' '}
          of {formatCount(user.max_limit)}
        </Text>
      </Table.Td>
      <Table.Td>{planDescription(user.plan)}</Table.Td>
      <Table.Td>{formatDate(user.planValidTill)}</Table.Td>
      <Table.Td>{formatDate(user.joinedAt)}</Table.Td>
      <Table.Td>{formatDate(user.lastActiveAt, 'Never')}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Button size="compact-sm" onClick={() => onAddCredits(user)} aria-label={`Add credits to ${user.name}`}>
            Add
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onRevokeCredits(user)}
            aria-label={`Revoke credits from ${user.name}`}
          >
            Revoke
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  )
}
