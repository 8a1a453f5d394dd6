import { Badge, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import type { HistoryItem } from '@promptly/api/generation/history.schema'

import { ToolLogo } from '../catalogue/ToolLogo.tsx'
import { StatusBadge, toolTitle } from './GenerationDialog.tsx'
import { useHistoryFormat } from './history-format.ts'
import { KindBadge, MediaPreview } from './HistoryMedia.tsx'
import { canRunAgain } from './run-again.ts'
import { RunAgainButton } from './RunAgainButton.tsx'

interface HistoryItemCardProps {
  item: HistoryItem
  onOpen: (item: HistoryItem) => void
  onDelete: (item: HistoryItem) => void
}

/**
 * One row of /history: tool, kind, time, credits, the start of the text, its images or audio, and Open, Run again,
 * Delete.
 */
export function HistoryItemCard({ item, onOpen, onDelete }: HistoryItemCardProps) {
  const { t } = useTranslation('generator')
  const formats = useHistoryFormat()
  const title = toolTitle(item, t)
  const when = formats.createdAt(item.createdAt)
  const context = t('history.item.context', { tool: title, when })

  return (
    <Paper component="article" withBorder radius="md" p="md" aria-label={context} data-testid="history-item">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ToolLogo src={item.toolLogo ?? ''} name={title} size={40} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between">
            <Text fw={600} truncate="end">
              {title}
            </Text>
            <Group gap="xs">
              <KindBadge kind={item.kind} />
              <StatusBadge status={item.status} />
              {item.kept && (
                <Badge color="teal" variant="light">
                  {t('history.item.kept')}
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                <time dateTime={item.createdAt.toISOString()}>{when}</time> · {formats.cost(item)}
              </Text>
            </Group>
          </Group>
          {item.voiceName !== null && (
            <Text size="xs" c="dimmed" data-testid="history-voice">
              {t('history.item.voice', { name: item.voiceName })}
            </Text>
          )}
          <Text size="sm" c="dimmed" lineClamp={2}>
            {item.preview || t('history.item.noText')}
          </Text>
          <MediaPreview media={item.media} context={context} />
          <Group gap="xs" mt={4}>
            <Button size="xs" variant="light" onClick={() => onOpen(item)}>
              {t('history.item.open')}
              <VisuallyHidden> {context}</VisuallyHidden>
            </Button>
            {canRunAgain(item) && (
              <RunAgainButton size="xs" variant="default" toolId={item.toolId} generationId={item.id}>
                {t('history.item.runAgain')}
                <VisuallyHidden> {context}</VisuallyHidden>
              </RunAgainButton>
            )}
            <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(item)}>
              {t('history.item.delete')}
              <VisuallyHidden> {context}</VisuallyHidden>
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  )
}
