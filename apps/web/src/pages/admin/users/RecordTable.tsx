import { Stack, Table, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

export interface RecordColumn<Row> {
  header: string
  cell: (row: Row) => ReactNode
}

interface RecordTableProps<Row> {
  title: string
  /** Each with its own id, which keys its table row. */
  rows: readonly Row[]
  columns: readonly RecordColumn<Row>[]
  /** What shows instead of an empty table. */
  empty: string
}

/** One section of an account's detail: a heading, then its records as a table (or a line saying there are none). */
export function RecordTable<Row extends { id: string }>({ title, rows, columns, empty }: RecordTableProps<Row>) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={6} fz="sm" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.header}>{column.header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  {columns.map((column) => (
                    <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
