import { Paper, Stack, Text } from '@mantine/core'
import { useId, useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'

import { useFormat } from '../i18n/useFormat.ts'

interface CsvDropZoneProps {
  onFile: (file: File) => void
  /** The most rows a file may hold (the server's limit), told before the user picks one. */
  maxRows: number
}

/**
 * A CSV file from a file input (reached and opened with the keyboard like any input) or dropped on
 * the zone around it: the zone is only a larger target for a mouse, the input does the work.
 */
export function CsvDropZone({ onFile, maxRows }: CsvDropZoneProps) {
  const { t } = useTranslation('generator')
  const format = useFormat()
  const inputId = useId()
  const hintId = useId()
  const [dragging, setDragging] = useState(false)

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file) onFile(file)
  }

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      style={{ borderStyle: 'dashed', borderWidth: 2 }}
      bg={dragging ? 'var(--mantine-color-default-hover)' : undefined}
      onDragOver={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="csv-drop-zone"
    >
      <Stack gap="xs" align="center">
        <Text fw={500}>{t('bulk.create.drop')}</Text>
        <label htmlFor={inputId}>
          <Text component="span" size="sm" fw={500}>
            {t('bulk.create.file')}
          </Text>
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={hintId}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0]
            if (file) onFile(file)
          }}
        />
        <Text id={hintId} size="sm" c="dimmed" ta="center">
          {t('bulk.create.fileHint', { max: format.number(maxRows) })}
        </Text>
      </Stack>
    </Paper>
  )
}
