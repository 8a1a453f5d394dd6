import { Table } from '@mantine/core'

import type { UserSort } from '../admin-search.ts'
import type { AdminUser } from '../admin-types.ts'
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
  const header = { sorting, onSort }
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Users" aria-describedby="admin-users-status">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Id</Table.Th>
            <SortableHeader column="name" label="Name" {...header} />
            <SortableHeader column="email" label="Email" {...header} />
            <SortableHeader column="credits" label="Credits" {...header} />
            <Table.Th>Plan</Table.Th>
            <Table.Th>Valid till</Table.Th>
            <SortableHeader column="joined" label="Joined" {...header} />
            <SortableHeader column="lastActive" label="Last active" {...header} />
            <Table.Th>Add</Table.Th>
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
