import { Alert, Anchor, Button, Container, Group, Progress, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import type { BulkJobViewOutput } from '@promptly/api/bulk/get.schema'

import { CenteredLoader } from '../components/CenteredLoader.tsx'
import { LoadFailedNote } from '../components/LoadFailedNote.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { useTRPC } from '../trpc/client.ts'
import { jobPollInterval, jobProgress } from './bulk-progress.ts'
import { BulkJobControls } from './BulkJobControls.tsx'
import { BulkJobCounts } from './BulkJobCounts.tsx'
import { BulkRowsTable } from './BulkRowsTable.tsx'

const route = getRouteApi('/_authed/bulk_/$jobId')

/**
 * /bulk/$jobId: one run, live. The job is read again every second while rows run (less often while
 * it waits for credits, never once it is settled), and the page shows its progress, its counts, the
 * controls its status allows, the downloads and the rows' results.
 */
export function BulkJobPage() {
  const { t } = useTranslation('generator')
  const { jobId } = route.useParams()
  usePageTitle(t('bulk.job.pageTitle'))
  const trpc = useTRPC()
  const job = useQuery(
    trpc.bulk.get.queryOptions(
      { jobId },
      { refetchInterval: (query) => jobPollInterval(query.state.data), retry: false },
    ),
  )

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/bulk" size="sm">
          {t('bulk.job.back')}
        </Anchor>
        {job.isPending && <CenteredLoader />}
        {job.isError &&
          (job.error.data?.code === 'NOT_FOUND' ? (
            <Alert color="red" role="alert">
              {t('bulk.job.notFound')}
            </Alert>
          ) : (
            <LoadFailedNote message={t('bulk.job.loadFailed')} onRetry={() => void job.refetch()} />
          ))}
        {job.data && <JobDetail key={job.data.id} job={job.data} />}
      </Stack>
    </Container>
  )
}

function JobDetail({ job }: { job: BulkJobViewOutput }) {
  const { t } = useTranslation('generator')
  const format = useFormat()
  const progress = jobProgress(job)
  const progressText = t('bulk.job.progressValue', {
    settled: format.number(progress.settled),
    runnable: format.number(progress.runnable),
  })
  return (
    <>
      <Stack gap={4}>
        <Title order={1}>{t('bulk.job.title', { tool: job.toolName })}</Title>
        {/* The status is announced as it changes; the counts beside it change too often to read out. */}
        <Text aria-live="polite" data-testid="bulk-status" fw={500}>
          {t(`bulk.status.${job.status}`)}
        </Text>
      </Stack>
      <Stack gap={6}>
        <Group justify="space-between">
          <Text id="bulk-progress-label">{t('bulk.job.progress')}</Text>
          <Text size="sm">{progressText}</Text>
        </Group>
        <Progress.Root size="lg">
          <Progress.Section
            value={progress.percent}
            aria-labelledby="bulk-progress-label"
            data-testid="bulk-progress"
          />
        </Progress.Root>
      </Stack>
      <BulkJobCounts job={job} />
      {job.status === 'waiting_for_credits' && (
        <Alert color="yellow">
          <Group justify="space-between">
            <Text size="sm">{t('bulk.job.waitingForCredits')}</Text>
            <Button component={Link} to="/plan" size="xs" variant="light">
              {t('bulk.job.buyCredits')}
            </Button>
          </Group>
        </Alert>
      )}
      <BulkJobControls job={job} />
      <BulkRowsTable job={job} />
    </>
  )
}
