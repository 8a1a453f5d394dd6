import { SimpleGrid, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import type { BulkJobViewOutput } from '@promptly/api/bulk/get.schema'

import { useFormat } from '../i18n/useFormat.ts'
import { etaParts } from './bulk-progress.ts'

/** A job's counts as a list of terms: done, failed, invalid, remaining, credits used and the time left. */
export function BulkJobCounts({ job }: { job: BulkJobViewOutput }) {
  const { t, i18n } = useTranslation('generator')
  const format = useFormat()
  const eta = etaParts(job.etaSeconds)
  const etaText = eta
    ? t('bulk.job.etaAbout', {
        duration: new Intl.NumberFormat(i18n.language, { style: 'unit', unit: eta.unit, unitDisplay: 'long' }).format(
          eta.value,
        ),
      })
    : t('bulk.job.etaNone')
  const counts = [
    { label: t('bulk.job.done'), value: job.done, testId: 'bulk-done' },
    { label: t('bulk.job.failed'), value: job.failed, testId: 'bulk-failed' },
    { label: t('bulk.job.invalid'), value: job.invalid, testId: 'bulk-invalid' },
    { label: t('bulk.job.remaining'), value: job.remaining, testId: 'bulk-remaining' },
    { label: t('bulk.job.creditsUsed'), value: job.creditsUsed, testId: 'bulk-credits-used' },
  ]

  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} component="dl" m={0}>
      {counts.map((count) => (
        <div key={count.testId}>
          <Text component="dt" size="sm" c="dimmed">
            {count.label}
          </Text>
          <Text component="dd" m={0} fw={600} data-testid={count.testId}>
            {format.number(count.value)}
          </Text>
        </div>
      ))}
      <div>
        <Text component="dt" size="sm" c="dimmed">
          {t('bulk.job.eta')}
        </Text>
        <Text component="dd" m={0} fw={600} data-testid="bulk-eta">
          {etaText}
        </Text>
      </div>
    </SimpleGrid>
  )
}
