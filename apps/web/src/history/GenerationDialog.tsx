import { Alert, Badge, Button, Group, Modal, Skeleton, Stack, Text, Typography } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'

import type { HistoryItem } from '@promptly/api/generation/history.schema'
import { sanitizeHtml } from '@promptly/core/generation/sanitize-html'

import { renderedText } from '../generator/copy-text.ts'
import { CopyButton } from '../generator/CopyButton.tsx'
import { useTRPC } from '../trpc/client.ts'
import { useHistoryFormat } from './history-format.ts'
import { KindBadge, MediaDetail } from './HistoryMedia.tsx'
import { canRunAgain } from './run-again.ts'
import { RunAgainButton } from './RunAgainButton.tsx'

interface GenerationDialogProps {
  /** The entry to show; null closes the dialog. */
  item: HistoryItem | null
  onClose: () => void
  onDelete: (item: HistoryItem) => void
}

/** One history entry: its images or audio, its text (sanitised again before rendering), Copy, Run again and Delete. */
export function GenerationDialog({ item, onClose, onDelete }: GenerationDialogProps) {
  const { t } = useTranslation('generator')
  return (
    <Modal opened={item !== null} onClose={onClose} title={item ? toolTitle(item, t) : ''} size="lg">
      {item && <GenerationDetail item={item} onDelete={onDelete} />}
    </Modal>
  )
}

/** The entry's tool by name, or a word that it was removed from the catalogue since. */
export function toolTitle(item: Pick<HistoryItem, 'toolName'>, t: TFunction<'generator'>): string {
  return item.toolName ?? t('history.item.removedTool')
}

function GenerationDetail({ item, onDelete }: { item: HistoryItem; onDelete: (item: HistoryItem) => void }) {
  const { t } = useTranslation('generator')
  const formats = useHistoryFormat()
  const trpc = useTRPC()
  const detail = useQuery(trpc.generation.get.queryOptions({ id: item.id }))
  const outputRef = useRef<HTMLDivElement>(null)
  const html = detail.data?.output ? sanitizeHtml(detail.data.output) : ''

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {formats.createdAt(item.createdAt)} · {formats.cost(item)}
        </Text>
        <KindBadge kind={item.kind} />
        {item.status !== 'succeeded' && <StatusBadge status={item.status} />}
      </Group>
      {detail.isPending && <Skeleton height={120} aria-label={t('history.dialog.loadingResult')} />}
      {detail.isError && (
        <Alert color="red">
          {t('history.dialog.loadFailed')} {detail.error.message}
        </Alert>
      )}
      {detail.data?.error && <Alert color="orange">{detail.data.error}</Alert>}
      <MediaDetail media={detail.data?.media ?? item.media} />
      {html !== '' && (
        <Typography>
          <div
            ref={outputRef}
            data-testid="history-output"
            // core's sanitiser again, before the stored HTML reaches the DOM.
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </Typography>
      )}
      <Group justify="space-between">
        <Group gap="sm">
          <CopyButton getText={() => renderedText(outputRef.current)} disabled={html === ''} />
          {canRunAgain(item) && (
            <RunAgainButton size="xs" variant="light" toolId={item.toolId} generationId={item.id}>
              {t('history.item.runAgain')}
            </RunAgainButton>
          )}
        </Group>
        <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(item)}>
          {t('history.item.delete')}
        </Button>
      </Group>
    </Stack>
  )
}

export function StatusBadge({ status }: { status: HistoryItem['status'] }) {
  const { t } = useTranslation('generator')
  if (status === 'succeeded') return null
  return (
    <Badge color={status === 'failed' ? 'red' : 'blue'} variant="light" size="sm">
      {t(`history.status.${status}`)}
    </Badge>
  )
}
