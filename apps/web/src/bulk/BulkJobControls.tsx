import { Alert, Button, Group } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { BulkJobViewOutput } from '@promptly/api/bulk/get.schema'

import { ConfirmModal } from '../components/ConfirmModal.tsx'
import { jobActions, resultsUrl } from './bulk-progress.ts'
import { useBulkJobActions } from './useBulkJobActions.ts'

/**
 * Pause, Resume, Cancel (asked first: rows not run yet never will), Retry failed rows and Run again,
 * each enabled when the job's status allows it, and the results' downloads.
 */
export function BulkJobControls({ job }: { job: BulkJobViewOutput }) {
  const { t } = useTranslation('generator')
  const [confirmCancel, setConfirmCancel] = useState(false)
  const actions = useBulkJobActions(job.id, { onCancelled: () => setConfirmCancel(false) })
  const allowed = jobActions(job)
  const buttons = [
    { key: 'pause', mutation: actions.pause, enabled: allowed.pause, label: t('bulk.job.pause') },
    { key: 'resume', mutation: actions.resume, enabled: allowed.resume, label: t('bulk.job.resume') },
    {
      key: 'retryFailed',
      mutation: actions.retryFailed,
      enabled: allowed.retryFailed,
      label: t('bulk.job.retryFailed'),
    },
    { key: 'runAgain', mutation: actions.runAgain, enabled: allowed.runAgain, label: t('bulk.job.runAgain') },
  ] as const

  return (
    <>
      <Group gap="sm">
        {buttons.map((button) => (
          <Button
            key={button.key}
            variant="default"
            disabled={!button.enabled}
            loading={button.mutation.isPending}
            onClick={() => button.mutation.mutate(actions.jobInput)}
          >
            {button.label}
          </Button>
        ))}
        <Button variant="default" color="red" disabled={!allowed.cancel} onClick={() => setConfirmCancel(true)}>
          {t('bulk.job.cancel')}
        </Button>
      </Group>
      <Group gap="sm">
        <Button component="a" href={resultsUrl(job.id, 'csv')} download variant="light">
          {t('bulk.job.downloadCsv')}
        </Button>
        <Button component="a" href={resultsUrl(job.id, 'jsonl')} download variant="light">
          {t('bulk.job.downloadJsonl')}
        </Button>
      </Group>
      {actions.failure && (
        <Alert color="red" role="alert">
          {t('bulk.job.actionFailed', { message: actions.failure.message })}
        </Alert>
      )}
      <ConfirmModal
        opened={confirmCancel}
        title={t('bulk.job.cancelTitle')}
        confirmLabel={t('bulk.job.cancelConfirm')}
        cancelLabel={t('bulk.job.keepRunning')}
        busy={actions.cancel.isPending}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => actions.cancel.mutate(actions.jobInput)}
      >
        {t('bulk.job.cancelBody')}
      </ConfirmModal>
    </>
  )
}
