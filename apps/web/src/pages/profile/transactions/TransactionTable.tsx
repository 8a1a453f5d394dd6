import { Badge, Group, Skeleton, Table, Text, UnstyledButton } from '@mantine/core'
import IconArrowDown from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs'
import IconArrowUp from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

import { MESSAGES } from '@promptly/core/messages'

import { LoadFailedNote } from '../../../components/LoadFailedNote.tsx'
import { toast } from '../../../components/toast.ts'
import { useTRPC } from '../../../trpc/client.ts'
import { formatDay, formatPrice, PURCHASE_STATUS_TEXT } from '../../payment/payment-format.ts'
import { ProfileTable } from '../ProfileTable.tsx'
import { sortTransactions, type SortDirection } from './sort-transactions.ts'

/** The spec's columns: Name, Created At, Valid Till, Price, Credit; sortable by Created At. */
export function TransactionTable() {
  const trpc = useTRPC()
  const history = useQuery(trpc.payments.history.queryOptions(undefined, { staleTime: 0 }))
  const [direction, setDirection] = useState<SortDirection>('descending')

  useEffect(() => {
    if (history.isError) toast.error(MESSAGES.planError, 'history-error')
  }, [history.isError])

  if (history.isPending) return <Skeleton height={120} aria-label="Loading your transactions" role="status" />
  if (history.isError) {
    return <LoadFailedNote message={MESSAGES.planError} onRetry={() => void history.refetch()} />
  }
  if (history.data.length === 0) {
    return <Text c="dimmed">No transactions yet. Plans you buy are listed here.</Text>
  }

  return (
    <ProfileTable
      label="Your transactions"
      testId="transactions"
      head={<TransactionsHead direction={direction} onToggle={() => setDirection(opposite(direction))} />}
    >
      {sortTransactions(history.data, direction).map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <Group gap={6}>
              {row.name}
              {row.status !== 'paid' && (
                <Badge variant="light" color={row.status === 'pending' ? 'gray' : 'red'} size="sm">
                  {PURCHASE_STATUS_TEXT[row.status]}
                </Badge>
              )}
            </Group>
          </Table.Td>
          <Table.Td>{formatDay(row.createdAt)}</Table.Td>
          <Table.Td>{row.validTill ? formatDay(row.validTill) : '—'}</Table.Td>
          <Table.Td>{formatPrice(row.priceCents, row.currency)}</Table.Td>
          <Table.Td>{row.credits.toLocaleString('en-US')}</Table.Td>
        </Table.Tr>
      ))}
    </ProfileTable>
  )
}

const opposite = (direction: SortDirection): SortDirection => (direction === 'descending' ? 'ascending' : 'descending')

/** The header row; Created At sorts the rows, newest or oldest first, and says which. */
function TransactionsHead({ direction, onToggle }: { direction: SortDirection; onToggle: () => void }) {
  const SortIcon = direction === 'descending' ? IconArrowDown : IconArrowUp
  return (
    <>
      <Table.Th>Name</Table.Th>
      <Table.Th aria-sort={direction}>
        <UnstyledButton
          onClick={onToggle}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 'inherit' }}
          aria-label={`Created At, sorted ${direction === 'descending' ? 'newest' : 'oldest'} first`}
        >
          Created At
          <SortIcon size={14} aria-hidden />
        </UnstyledButton>
      </Table.Th>
      <Table.Th>Valid Till</Table.Th>
      <Table.Th>Price</Table.Th>
      <Table.Th>Credit</Table.Th>
    </>
  )
}
