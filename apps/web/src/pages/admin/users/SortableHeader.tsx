import { Table, UnstyledButton } from '@mantine/core'
import IconArrowDown from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs'
import IconArrowsSort from '@tabler/icons-react/dist/esm/icons/IconArrowsSort.mjs'
import IconArrowUp from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs'

import type { UserSort } from '../admin-search.ts'
import { ariaSort, type UserSorting } from './user-sorting.ts'

interface SortableHeaderProps {
  column: UserSort
  label: string
  sorting: UserSorting
  onSort: (column: UserSort) => void
}

/** A column header that sorts the table; aria-sort tells screen readers which column is sorted, and how. */
export function SortableHeader({ column, label, sorting, onSort }: SortableHeaderProps) {
  const state = ariaSort(sorting, column)
  const Icon = state === 'none' ? IconArrowsSort : state === 'ascending' ? IconArrowUp : IconArrowDown
  return (
    <Table.Th aria-sort={state}>
      <UnstyledButton
        onClick={() => onSort(column)}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 'inherit' }}
      >
        {label}
        <Icon size={14} aria-hidden opacity={state === 'none' ? 0.5 : 1} />
      </UnstyledButton>
    </Table.Th>
  )
}
