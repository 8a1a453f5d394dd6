import { DEFAULT_ORDER } from '@promptly/api/admin/users-list.schema'

import type { SortOrder, UserSort } from '../admin-search.ts'

export interface UserSorting {
  sort: UserSort
  order: SortOrder
}

/** The order the table is in: the one asked for, or the column's natural one (the server's default). */
export function currentSorting(sort: UserSort = 'joined', order?: SortOrder): UserSorting {
  return { sort, order: order ?? DEFAULT_ORDER[sort] }
}

/**
 * What a click on a column header asks for: the same column turns around; another column starts in
 * its natural order, which the address then leaves out.
 */
export function sortingAfterClick(current: UserSorting, column: UserSort): { sort: UserSort; order?: SortOrder } {
  if (current.sort !== column) return { sort: column, order: undefined }
  const order: SortOrder = current.order === 'asc' ? 'desc' : 'asc'
  return { sort: column, order: order === DEFAULT_ORDER[column] ? undefined : order }
}

/** The header's aria-sort value. */
export function ariaSort(current: UserSorting, column: UserSort): 'ascending' | 'descending' | 'none' {
  if (current.sort !== column) return 'none'
  return current.order === 'asc' ? 'ascending' : 'descending'
}
