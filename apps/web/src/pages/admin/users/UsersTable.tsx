import { Table } from '@mantine/core'

import type { UserSort } from '../admin-search.ts'
import type { AdminUser } from '../admin-types.ts'
import { useAdminText } from '../useAdminText.ts'
import { SortableHeader } from './SortableHeader.tsx'
import type { UserSorting } from './user-sorting.ts'
import { UserRow } from './UserRow.tsx'

interface UsersTableProps {
  users: AdminUser[]
  sorting: UserSorting
  onSort: (column: UserSort) => void
  onOpen: (user: AdminUser) => void
  onAddCredits: (user: AdminUser) => void
  onRevokeCredits: (user: AdminUser) => void
}

/** The spec's columns (Id, Name, Email, Credits, Add) and the plan, its end, sign-up and last activity. */
export function UsersTable({ users, sorting, onSort, ...actions }: UsersTableProps) {
  const { t } = useAdminText()
  const header = { sorting, onSort }
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t('admin.users.table.label')}
        aria-describedby="admin-users-status"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.users.table.id')}</Table.Th>
            <SortableHeader column="name" label={t('admin.users.table.name')} {...header} />
            <SortableHeader column="email" label={t('admin.users.table.email')} {...header} />
            <SortableHeader column="credits" label={t('admin.users.table.credits')} {...header} />
            <Table.Th>{t('admin.users.table.plan')}</Table.Th>
            <Table.Th>{t('admin.users.table.validTill')}</Table.Th>
            <SortableHeader column="joined" label={t('admin.users.table.joined')} {...header} />
            <SortableHeader column="lastActive" label={t('admin.users.table.lastActive')} {...header} />
            <Table.Th>{t('admin.users.table.add')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <UserRow key={user._id} user={user} {...actions} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
