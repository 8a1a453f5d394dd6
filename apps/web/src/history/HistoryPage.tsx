import { Button, Center, Container, Loader, Stack, Text, TextInput, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import type * as HistorySchema from '@promptly/api/generation/history.schema'
import type { HistoryItem } from '@promptly/api/generation/history.schema'

import { ConfirmModal } from '../components/ConfirmModal.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { useTRPC } from '../trpc/client.ts'
import { GenerationDialog, toolTitle } from './GenerationDialog.tsx'
import { HISTORY_PAGE_SIZE } from './history-queries.ts'
import { HistoryBulkRuns } from './HistoryBulkRuns.tsx'
import { HistoryResults } from './HistoryResults.tsx'
import { useDeleteGeneration } from './useDeleteGeneration.ts'

/**
 * The server's longest search (history.schema.ts). Checked against it through its type: importing
 * the value would load the schema module, and zod with it, into this page (about 26 kB gzip).
 */
const HISTORY_SEARCH_MAX_LENGTH: typeof HistorySchema.HISTORY_SEARCH_MAX_LENGTH = 200

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300

/**
 * /history: the signed-in user's generations, newest first, with a search (debounced) and 'Load
 * more'. Each one opens in a dialog (output, Copy, Run again, Delete); deleting asks first. Above
 * them, when there are any, the user's latest bulk runs: a run is one entry, not one per row.
 */
export function HistoryPage() {
  const { t } = useTranslation('generator')
  usePageTitle(t('history.pageTitle'))
  const trpc = useTRPC()
  const [search, setSearch] = useState('')
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const [opened, setOpened] = useState<HistoryItem | null>(null)
  const [toDelete, setToDelete] = useState<HistoryItem | null>(null)

  const history = useInfiniteQuery(
    trpc.generation.history.infiniteQueryOptions(
      { limit: HISTORY_PAGE_SIZE, ...(debouncedSearch ? { search: debouncedSearch } : {}) },
      { getNextPageParam: (page) => page.nextCursor ?? undefined, placeholderData: (previous) => previous },
    ),
  )
  const remove = useDeleteGeneration((id) => {
    setToDelete(null)
    if (opened?.id === id) setOpened(null)
  })

  const items = history.data?.pages.flatMap((page) => page.items) ?? []
  const searching = search.trim() !== debouncedSearch || (history.isFetching && !history.isFetchingNextPage)

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('history.title')}</Title>
          <Text c="dimmed">{t('history.lead')}</Text>
        </Stack>
        {/* A bulk run's rows are not entries here (generation.history leaves them out): the run is. */}
        <HistoryBulkRuns />
        <TextInput
          type="search"
          label={t('history.search.label')}
          placeholder={t('history.search.placeholder')}
          value={search}
          maxLength={HISTORY_SEARCH_MAX_LENGTH}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={
            searching && history.data ? <Loader size="xs" aria-label={t('history.search.searching')} /> : null
          }
        />
        <HistoryResults
          pending={history.isPending}
          failed={history.isError}
          onRetry={() => void history.refetch()}
          items={items}
          search={debouncedSearch}
          onOpen={setOpened}
          onDelete={setToDelete}
        />
        {history.hasNextPage && (
          <Center>
            <Button variant="default" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
              {t('history.loadMore')}
            </Button>
          </Center>
        )}
      </Stack>
      <GenerationDialog item={opened} onClose={() => setOpened(null)} onDelete={setToDelete} />
      <ConfirmModal
        opened={toDelete !== null}
        title={t('history.delete.title')}
        confirmLabel={t('history.delete.confirm')}
        cancelLabel={t('history.delete.cancel')}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
      >
        {toDelete && t('history.delete.body', { tool: toolTitle(toDelete, t) })}
      </ConfirmModal>
    </Container>
  )
}
