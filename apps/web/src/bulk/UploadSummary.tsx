import { Alert, List, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { useFormat } from '../i18n/useFormat.ts'
import { bulkCost, type UploadCheck } from './bulk-upload-model.ts'
import { UploadPreview } from './UploadPreview.tsx'

interface UploadSummaryProps {
  header: string[]
  check: UploadCheck
  /** The user's credits; undefined while they load. */
  balance: number | undefined
}

/**
 * What stands in the way (mapping problems, which block the start), else the first rows with their
 * check, how many rows run and how many are skipped, and the cost against the balance. A balance
 * short of the cost is said, not enforced: the job waits for credits.
 */
export function UploadSummary({ header, check, balance }: UploadSummaryProps) {
  const { t } = useTranslation('generator')
  const format = useFormat()
  if (check.problems.length > 0) {
    return (
      <Alert color="red" role="alert" title={t('bulk.create.problems')}>
        <List size="sm">
          {check.problems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List>
      </Alert>
    )
  }
  const cost = balance === undefined ? null : bulkCost(check.cost, balance)
  return (
    <>
      <UploadPreview header={header} rows={check.preview} />
      <Stack gap={4} aria-live="polite" data-testid="bulk-cost">
        <Text>
          {t('bulk.create.counts', { valid: format.number(check.valid), invalid: format.number(check.invalid) })}
        </Text>
        {cost && balance !== undefined && (
          <Text fw={500}>
            {t('bulk.create.cost', {
              cost: format.number(cost.cost),
              valid: format.number(check.valid),
              perRow: format.number(check.costPerRow),
              balance: format.number(balance),
            })}
          </Text>
        )}
        {cost && cost.short > 0 && (
          <Alert color="yellow">{t('bulk.create.short', { short: format.number(cost.short) })}</Alert>
        )}
      </Stack>
    </>
  )
}
