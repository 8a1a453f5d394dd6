import { Badge, Group, Skeleton, Table, Text, UnstyledButton } from '@mantine/core'
import IconArrowDown from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs'
import IconArrowUp from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { LoadFailedNote } from '../../../components/LoadFailedNote.tsx'
import { toast } from '../../../components/toast.ts'
import { useTRPC } from '../../../trpc/client.ts'
import { usePaymentFormat } from '../../payment/usePaymentFormat.ts'
import { ProfileTable } from '../ProfileTable.tsx'
import { sortTransactions, type SortDirection } from './sort-transactions.ts'

/** The spec's columns: Name, Created At, Valid Till, Price, Credit; sortable by Created At. */
export function TransactionTable() {
  const { t, date, price, number, status, offerName } = usePaymentFormat()
  const trpc = useTRPC()
  const history = useQuery(trpc.payments.history.queryOptions(undefined, { staleTime: 0 }))
  const [direction, setDirection] = useState<SortDirection>('descending')

  useEffect(() => {
    if (history.isError) toast.error(t('profile.transactions.loadError'), 'history-error')
  }, [history.isError, t])

  if (history.isPending) return <Skeleton height={120} aria-label={t('profile.transactions.loading')} role="status" />
  if (history.isError) {
    return <LoadFailedNote message={t('profile.transactions.loadError')} onRetry={() => void history.refetch()} />
  }
  if (history.data.length === 0) {
    return <Text c="dimmed">{t('profile.transactions.empty')}</Text>
  }

  return (
    <ProfileTable
      label={t('profile.transactions.label')}
      testId="transactions"
      head={<TransactionsHead direction={direction} onToggle={() => setDirection(opposite(direction))} />}
    >
      {sortTransactions(history.data, direction).map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <Group gap={6}>
              {offerName(row.name)}
              {row.status !== 'paid' && (
                <Badge variant="light" color={row.status === 'pending' ? 'gray' : 'red'} size="sm">
                  {status(row.status)}
                </Badge>
              )}
            </Group>
          </Table.Td>
          <Table.Td>{date(row.createdAt)}</Table.Td>
          <Table.Td>{row.validTill ? date(row.validTill) : '—'}</Table.Td>
          <Table.Td>{price(row.priceCents, row.currency)}</Table.Td>
          <Table.Td>{number(row.credits)}</Table.Td>
        </Table.Tr>
      ))}
    </ProfileTable>
  )
}

const opposite = (direction: SortDirection): SortDirection => (direction === 'descending' ? 'ascending' : 'descending')

/** The header row; Created At sorts the rows, newest or oldest first, and says which. */
function TransactionsHead({ direction, onToggle }: { direction: SortDirection; onToggle: () => void }) {
  const { t } = useTranslation('account')
  const SortIcon = direction === 'descending' ? IconArrowDown : IconArrowUp
  return (
    <>
      <Table.Th>{t('profile.transactions.name')}</Table.Th>
      <Table.Th aria-sort={direction}>
        <UnstyledButton
          onClick={onToggle}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 'inherit' }}
          aria-label={t(
            direction === 'descending' ? 'profile.transactions.sortedNewest' : 'profile.transactions.sortedOldest',
          )}
        >
          {t('profile.transactions.createdAt')}
          <SortIcon size={14} aria-hidden />
        </UnstyledButton>
      </Table.Th>
      <Table.Th>{t('profile.transactions.validTill')}</Table.Th>
      <Table.Th>{t('profile.transactions.price')}</Table.Th>
      <Table.Th>{t('profile.transactions.credit')}</Table.Th>
    </>
  )
}
