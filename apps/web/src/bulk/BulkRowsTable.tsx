import { Badge, Button, Group, Image, Stack, Table, Text, Title, Typography } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { BulkJobViewOutput } from '@promptly/api/bulk/get.schema'
import type { BulkRowView } from '@promptly/api/bulk/rows.schema'

import { LoadFailedNote } from '../components/LoadFailedNote.tsx'
import { useSanitizer, type Sanitize } from '../generator/result-sanitizer.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { useTRPC } from '../trpc/client.ts'

/** Rows per page of the results table. */
export const BULK_ROWS_PAGE_SIZE = 25

/**
 * The job's rows a page at a time, each with its status, its output (sanitised again before it is
 * shown, as every result is) and its error, read again whenever the job's counts move. The pages go by
 * `after` (the last position shown), so earlier pages are remembered to go back to.
 */
export function BulkRowsTable({ job }: { job: BulkJobViewOutput }) {
  const { t } = useTranslation('generator')
  const trpc = useTRPC()
  const [pages, setPages] = useState<(number | undefined)[]>([undefined])
  const after = pages[pages.length - 1]
  const rows = useQuery(
    trpc.bulk.rows.queryOptions(
      { jobId: job.id, limit: BULK_ROWS_PAGE_SIZE, ...(after === undefined ? {} : { after }) },
      { placeholderData: keepPreviousData },
    ),
  )
  // The rows change when the job's counts do: read them again then, rather than on a clock of their own
  // (which could stop with the job before showing its last row done).
  const { refetch } = rows
  const counts = `${job.status} ${job.done} ${job.failed} ${job.cancelled}`
  const shownCounts = useRef(counts)
  useEffect(() => {
    if (shownCounts.current === counts) return
    shownCounts.current = counts
    void refetch()
  }, [refetch, counts])
  const sanitize = useSanitizer(rows.data?.rows.some((row) => row.output !== null) ?? false)
  const nextAfter = rows.data?.nextAfter ?? null

  return (
    <Stack gap="sm" component="section" aria-labelledby="bulk-rows-title">
      <Title order={2} id="bulk-rows-title">
        {t('bulk.rows.label')}
      </Title>
      {rows.isError && <LoadFailedNote message={t('bulk.job.loadFailed')} onRetry={() => void rows.refetch()} />}
      {rows.data?.rows.length === 0 && <Text c="dimmed">{t('bulk.rows.empty')}</Text>}
      {rows.data && rows.data.rows.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-labelledby="bulk-rows-title" verticalSpacing="sm" data-testid="bulk-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('bulk.rows.position')}</Table.Th>
                <Table.Th scope="col">{t('bulk.rows.status')}</Table.Th>
                <Table.Th scope="col">{t('bulk.rows.output')}</Table.Th>
                <Table.Th scope="col">{t('bulk.rows.error')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.data.rows.map((row) => (
                <BulkRowLine key={row.position} row={row} sanitize={sanitize} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(pages.length > 1 || nextAfter !== null) && (
        <Group gap="sm">
          <Button variant="default" disabled={pages.length === 1} onClick={() => setPages(pages.slice(0, -1))}>
            {t('bulk.rows.previous')}
          </Button>
          <Button
            variant="default"
            disabled={nextAfter === null}
            onClick={() => nextAfter !== null && setPages([...pages, nextAfter])}
          >
            {t('bulk.rows.next')}
          </Button>
        </Group>
      )}
    </Stack>
  )
}

const STATUS_COLOR: Partial<Record<BulkRowView['status'], string>> = { done: 'blue', failed: 'red' }

/**
 * One row: its place, status, output (sanitised before it is shown, once the sanitiser is in), a
 * media tool's images or audio (served to the owner's session, as history shows them) and error.
 */
function BulkRowLine({ row, sanitize }: { row: BulkRowView; sanitize: Sanitize | null }) {
  const { t } = useTranslation('generator')
  const format = useFormat()
  return (
    <Table.Tr data-testid="bulk-row">
      <Table.Th scope="row">{format.number(row.position + 1)}</Table.Th>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLOR[row.status] ?? 'gray'}>
          {t(`bulk.rowStatus.${row.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        {row.output !== null && sanitize && (
          <Typography>
            <div dangerouslySetInnerHTML={{ __html: sanitize(row.output) }} />
          </Typography>
        )}
        {row.media.length > 0 && <RowMedia media={row.media} />}
      </Table.Td>
      <Table.Td>
        {row.error && (
          <Text size="sm" c="red">
            {row.error}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  )
}

function RowMedia({ media }: { media: BulkRowView['media'] }) {
  return (
    <Group gap="xs" data-testid="bulk-row-media">
      {media.map((item) =>
        item.contentType.startsWith('image/') ? (
          <a key={item.id} href={item.url} target="_blank" rel="noreferrer">
            <Image src={item.url} alt="" h={64} w="auto" radius="sm" />
          </a>
        ) : (
          <audio key={item.id} controls preload="none" src={item.url} />
        ),
      )}
    </Group>
  )
}
