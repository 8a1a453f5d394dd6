import { Anchor, Badge, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import type { BulkJobViewOutput } from '@promptly/api/bulk/get.schema'

import { jobProgress } from '../bulk/bulk-progress.ts'
import { useBulkJobs } from '../bulk/useBulkJobs.ts'
import { useFormat } from '../i18n/useFormat.ts'

/** Bulk runs History shows; the rest are a link away, on /bulk. */
export const HISTORY_BULK_RUNS_SHOWN = 3

const TITLE_ID = 'history-bulk-runs-title'

/**
 * History's "Bulk runs", when the user has any: the latest few runs (a run's rows are not history
 * entries of their own), each with its tool, status, progress and date, linking to the run's page.
 * The generations after it get a heading of their own, or a screen reader's list of headings would
 * file them under "Bulk runs".
 */
export function HistoryBulkRuns() {
  const { t } = useTranslation('generator')
  const jobs = useBulkJobs().data ?? []
  if (jobs.length === 0) return null
  return (
    <>
      <BulkRunsSection jobs={jobs.slice(0, HISTORY_BULK_RUNS_SHOWN)} />
      <VisuallyHidden component="h2">{t('history.listLabel')}</VisuallyHidden>
    </>
  )
}

function BulkRunsSection({ jobs }: { jobs: BulkJobViewOutput[] }) {
  const { t } = useTranslation('generator')
  const format = useFormat()

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={TITLE_ID}>
      <Group justify="space-between" align="baseline" mb="xs">
        <Title order={2} size="h4" id={TITLE_ID}>
          {t('history.bulkRuns.title')}
        </Title>
        <Anchor component={Link} to="/bulk" size="sm">
          {t('history.bulkRuns.all')}
        </Anchor>
      </Group>
      <Stack gap="xs" component="ul" aria-labelledby={TITLE_ID} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {jobs.map((job) => {
          const when = format.dateTime(job.createdAt)
          const progress = jobProgress(job)
          return (
            <li key={job.id}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor
                    fw={600}
                    renderRoot={(props) => <Link {...props} to="/bulk/$jobId" params={{ jobId: job.id }} />}
                  >
                    {job.toolName}
                    <VisuallyHidden> {t('history.bulkRuns.context', { when })}</VisuallyHidden>
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    <time dateTime={job.createdAt.toISOString()}>{when}</time>
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Text size="sm">
                    {t('history.bulkRuns.progress', {
                      progress: t('bulk.list.rowsDone', {
                        settled: format.number(progress.settled),
                        runnable: format.number(progress.runnable),
                      }),
                    })}
                  </Text>
                  <Badge variant="light">{t(`bulk.status.${job.status}`)}</Badge>
                </Group>
              </Group>
            </li>
          )
        })}
      </Stack>
    </Paper>
  )
}
