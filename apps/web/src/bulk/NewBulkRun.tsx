import { Alert, Button, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import type { BulkRowRules } from '@promptly/core/bulk/bulk-row-rules'

import { LoadFailedNote } from '../components/LoadFailedNote.tsx'
import { SectionCard } from '../components/SectionCard.tsx'
import { useTRPC } from '../trpc/client.ts'
import { useBulkRowRulesModule } from './bulk-row-rules-module.ts'
import { ColumnMappingFields } from './ColumnMappingFields.tsx'
import { CsvDropZone } from './CsvDropZone.tsx'
import { UploadedFileNote } from './UploadedFileNote.tsx'
import { UploadSummary } from './UploadSummary.tsx'
import { useBulkMaxRows } from './useBulkMaxRows.ts'
import { useCsvUpload } from './useCsvUpload.ts'

/**
 * A new bulk run with one tool: a CSV file read and checked in the browser (the same core rules the
 * server applies when it makes the job, and the server's own row limit), its columns mapped to the
 * form's fields (the image tool's and text to audio's fixed fields: Prompt, Quality, Style; Text, Voice),
 * the first rows previewed with their check, the cost against the balance, and Start (`bulk.create`),
 * which opens the new job's page. Shown once the tool, its rules and the row limit are in.
 */
export function NewBulkRun({ toolId }: { toolId: string }) {
  const { t } = useTranslation('generator')
  const trpc = useTRPC()
  const tool = useQuery(trpc.tools.get.queryOptions({ id: toolId }))
  const maxRows = useBulkMaxRows()
  const loaded = tool.data?.tool
  // A text tool's own form, or the image tool's and text to audio's fixed one; null for other tools.
  const rulesModule = useBulkRowRulesModule()
  const rules = useMemo(() => (loaded && rulesModule ? rulesModule.bulkRowRules(loaded) : null), [loaded, rulesModule])

  if (tool.isError) return <Alert color="red">{t('bulk.create.toolLoadFailed')}</Alert>
  // Only before any answer: a later poll of the list that fails keeps the limit it had, and the upload.
  if (maxRows.isError && maxRows.data === undefined) {
    return <LoadFailedNote message={t('bulk.create.limitLoadFailed')} onRetry={() => void maxRows.refetch()} />
  }
  if (!loaded || !rulesModule || maxRows.data === undefined) return null
  if (!rules) return <Alert color="yellow">{t('bulk.create.notText')}</Alert>
  return <NewBulkRunForm toolId={toolId} toolName={loaded.name} rules={rules} maxRows={maxRows.data} />
}

interface NewBulkRunFormProps {
  toolId: string
  toolName: string
  rules: BulkRowRules
  maxRows: number
}

function NewBulkRunForm({ toolId, toolName, rules, maxRows }: NewBulkRunFormProps) {
  const { t } = useTranslation('generator')
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  // Read afresh on opening: the cost is weighed against it before a run of up to thousands of rows,
  // and the balance may have moved since another page read it (a script, another tab).
  const limits = useQuery(trpc.credits.limits.queryOptions(undefined, { staleTime: 0 }))
  const { upload, readError, mapping, setMapping, fields, check, readFile } = useCsvUpload(rules, maxRows)
  const create = useMutation(
    trpc.bulk.create.mutationOptions({
      onSuccess: async (created) => {
        await queryClient.invalidateQueries(trpc.bulk.list.pathFilter())
        await navigate({ to: '/bulk/$jobId', params: { jobId: created.jobId } })
      },
    }),
  )
  const canStart = check !== null && check.problems.length === 0 && check.valid > 0

  return (
    <SectionCard aria-labelledby="bulk-new-title">
      <Stack gap="md">
        <Title order={2} id="bulk-new-title">
          {t('bulk.create.title')}
        </Title>
        <Text>{t('bulk.create.tool', { tool: toolName })}</Text>
        <CsvDropZone
          maxRows={maxRows}
          onFile={(file) => {
            create.reset()
            void readFile(file)
          }}
        />
        <UploadedFileNote upload={upload} readError={readError} />
        {upload && check && (
          <>
            <ColumnMappingFields fields={fields} header={upload.table.header} mapping={mapping} onChange={setMapping} />
            <UploadSummary header={upload.table.header} check={check} balance={limits.data?.current_limit} />
            {create.isError && (
              <Alert color="red" role="alert">
                {t('bulk.create.startFailed', { message: create.error.message })}
              </Alert>
            )}
            <Button
              disabled={!canStart}
              loading={create.isPending}
              onClick={() => create.mutate({ toolId, source: { kind: 'csv', csv: upload.text, mapping } })}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('bulk.create.start')}
            </Button>
          </>
        )}
      </Stack>
    </SectionCard>
  )
}
