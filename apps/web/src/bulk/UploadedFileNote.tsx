import { Alert, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { useFormat } from '../i18n/useFormat.ts'
import type { Upload } from './useCsvUpload.ts'

/** What became of the chosen file, announced: why it cannot be read, or its name and size in rows and columns. */
export function UploadedFileNote({ upload, readError }: { upload: Upload | null; readError: string | null }) {
  const { t } = useTranslation('generator')
  const format = useFormat()
  return (
    <div aria-live="polite">
      {readError && (
        <Alert color="red" role="alert">
          {readError}
        </Alert>
      )}
      {upload && (
        <Text size="sm" data-testid="bulk-file">
          {t('bulk.create.fileName', {
            name: upload.name,
            rows: format.number(upload.table.rows.length),
            columns: format.number(upload.table.header.length),
          })}
        </Text>
      )}
    </div>
  )
}
