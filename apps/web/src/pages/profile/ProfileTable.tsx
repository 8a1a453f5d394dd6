import { Table } from '@mantine/core'
import type { ReactNode } from 'react'

interface ProfileTableProps {
  /** The table's accessible name ("Your API keys"). */
  label: string
  testId: string
  /** The header cells. */
  head: ReactNode
  /** The rows. */
  children: ReactNode
}

/** A table of the user's own records on the profile (keys, transactions): scrolls sideways when narrow. */
export function ProfileTable({ label, testId, head, children }: ProfileTableProps) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" aria-label={label} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
