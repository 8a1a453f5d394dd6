import { Alert, Badge, Button, Group, Modal, Skeleton, Stack, Text, Typography } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'

import type { HistoryItem } from '@promptly/api/generation/history.schema'
import { sanitizeHtml } from '@promptly/core/generation/sanitize-html'

import { renderedText } from '../generator/copy-text.ts'
import { CopyButton } from '../generator/CopyButton.tsx'
import { useTRPC } from '../trpc/client.ts'
import { creditsText, formatCreatedAt } from './history-format.ts'
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
  return (
    <Modal opened={item !== null} onClose={onClose} title={item ? toolTitle(item) : ''} size="lg">
      {item && <GenerationDetail item={item} onDelete={onDelete} />}
    </Modal>
  )
}

export function toolTitle(item: Pick<HistoryItem, 'toolName'>): string {
  return item.toolName ?? 'A tool that no longer exists'
}

function GenerationDetail({ item, onDelete }: { item: HistoryItem; onDelete: (item: HistoryItem) => void }) {
  const trpc = useTRPC()
  const detail = useQuery(trpc.generation.get.queryOptions({ id: item.id }))
  const outputRef = useRef<HTMLDivElement>(null)
  const html = detail.data?.output ? sanitizeHtml(detail.data.output) : ''

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {formatCreatedAt(item.createdAt)} · {creditsText(item.credits)}
        </Text>
        <KindBadge kind={item.kind} />
        {item.status !== 'succeeded' && <StatusBadge status={item.status} />}
      </Group>
      {detail.isPending && <Skeleton height={120} aria-label="Loading the result" />}
      {detail.isError && <Alert color="red">This generation could not be loaded. {detail.error.message}</Alert>}
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
              Run again
            </RunAgainButton>
          )}
        </Group>
        <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(item)}>
          Delete
        </Button>
      </Group>
    </Stack>
  )
}

export function StatusBadge({ status }: { status: HistoryItem['status'] }) {
  if (status === 'failed') {
    return (
      <Badge color="red" variant="light" size="sm">
        Failed, refunded
      </Badge>
    )
  }
  if (status === 'reserved') {
    return (
      <Badge color="blue" variant="light" size="sm">
        In progress
      </Badge>
    )
  }
  return null
}
