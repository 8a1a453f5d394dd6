import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { BulkRowRules } from '@promptly/core/bulk/bulk-row-rules'
import { defaultColumnMapping, formFields, type ColumnMapping } from '@promptly/core/bulk/column-mapping'

import { checkUpload, readCsvText, type CsvTable, type UploadCheck } from './bulk-upload-model.ts'

/** The file as read: its text (what the server is sent) and the table parsed from it. */
export interface Upload {
  name: string
  text: string
  table: CsvTable
}

/**
 * A CSV file chosen for a tool's bulk form (a media tool's is its fixed one, core's media-form.ts):
 * read and parsed in the browser (the parser's message when it cannot be), its columns mapped to the
 * form's fields (the default mapping first, then the user's choices) and every row checked under that
 * mapping by the rules the server applies. A file of more than `maxRows` rows (the server's limit) is
 * refused as the server would refuse it.
 */
export function useCsvUpload(rules: BulkRowRules, maxRows: number) {
  const { t } = useTranslation('generator')
  const [upload, setUpload] = useState<Upload | null>(null)
  const [readError, setReadError] = useState<string | null>(null)
  const [mapping, setMapping] = useState<ColumnMapping>({})

  const fields = useMemo(() => formFields(rules.groups), [rules])
  const check: UploadCheck | null = useMemo(
    () => (upload ? checkUpload(upload.table, rules, mapping) : null),
    [upload, rules, mapping],
  )

  const readFile = async (file: File): Promise<void> => {
    setUpload(null)
    setReadError(null)
    let text: string
    try {
      text = await file.text()
    } catch {
      setReadError(t('bulk.create.readFailed'))
      return
    }
    const reading = readCsvText(text, maxRows)
    if (!reading.ok) {
      setReadError(reading.message)
      return
    }
    setUpload({ name: file.name, text, table: reading.table })
    setMapping(defaultColumnMapping(reading.table.header, rules.groups))
  }

  return { upload, readError, mapping, setMapping, fields, check, readFile }
}
