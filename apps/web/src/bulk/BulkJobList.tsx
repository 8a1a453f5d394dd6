import { Anchor, Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { LoadFailedNote } from '../components/LoadFailedNote.tsx'
import { useFormat } from '../i18n/useFormat.ts'
import { jobProgress } from './bulk-progress.ts'
import { useBulkJobs } from './useBulkJobs.ts'

/** The user's bulk runs, read again now and then while one of them still runs. */
export function BulkJobList() {
  const { t } = useTranslation('generator')
  const format = useFormat()
  const jobs = useBulkJobs()

  return (
    <Stack gap="sm" component="section" aria-labelledby="bulk-jobs-title">
      <Title order={2} id="bulk-jobs-title">
        {t('bulk.list.label')}
      </Title>
      {jobs.isPending && (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text c="dimmed">{t('bulk.list.loading')}</Text>
        </Group>
      )}
      {jobs.isError && <LoadFailedNote message={t('bulk.list.loadFailed')} onRetry={() => void jobs.refetch()} />}
      {jobs.data?.length === 0 && <Text c="dimmed">{t('bulk.list.empty')}</Text>}
      {jobs.data && jobs.data.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('bulk.list.tool')}</Table.Th>
                <Table.Th scope="col">{t('bulk.list.status')}</Table.Th>
                <Table.Th scope="col">{t('bulk.list.progress')}</Table.Th>
                <Table.Th scope="col">{t('bulk.list.created')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.data.map((job) => {
                const progress = jobProgress(job)
                return (
                  <Table.Tr key={job.id} data-testid="bulk-job">
                    <Table.Td>
                      <Anchor renderRoot={(props) => <Link {...props} to="/bulk/$jobId" params={{ jobId: job.id }} />}>
                        {job.toolName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light">{t(`bulk.status.${job.status}`)}</Badge>
                    </Table.Td>
                    <Table.Td>
                      {t('bulk.list.rowsDone', {
                        settled: format.number(progress.settled),
                        runnable: format.number(progress.runnable),
                      })}
                    </Table.Td>
                    <Table.Td>{format.dateTime(job.createdAt)}</Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
