import { Alert, Anchor, Skeleton, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import type { HistoryItem } from '@promptly/api/generation/history.schema'

import { EmptyHistory } from './EmptyHistory.tsx'
import { HistoryItemCard } from './HistoryItemCard.tsx'

interface HistoryResultsProps {
  /** The first page is still loading. */
  pending: boolean
  /** Loading failed: the page offers to try again. */
  failed: boolean
  onRetry: () => void
  items: HistoryItem[]
  /** The search the items answer; empty for none. */
  search: string
  onOpen: (item: HistoryItem) => void
  onDelete: (item: HistoryItem) => void
}

/** The generations /history lists, or what stands in their place: a skeleton, a failure, or an empty list's words. */
export function HistoryResults({ pending, failed, onRetry, items, search, onOpen, onDelete }: HistoryResultsProps) {
  const { t } = useTranslation('generator')
  if (pending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('history.loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={96} radius="md" />
        ))}
      </Stack>
    )
  }
  if (failed) {
    return (
      <Alert color="red" title={t('history.loadFailed')}>
        <Anchor component="button" type="button" onClick={onRetry}>
          {t('history.tryAgain')}
        </Anchor>
      </Alert>
    )
  }
  if (items.length === 0) return <EmptyHistory search={search} />
  return (
    <Stack
      gap="sm"
      component="ul"
      aria-label={t('history.listLabel')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {items.map((item) => (
        <li key={item.id}>
          <HistoryItemCard item={item} onOpen={onOpen} onDelete={onDelete} />
        </li>
      ))}
    </Stack>
  )
}
