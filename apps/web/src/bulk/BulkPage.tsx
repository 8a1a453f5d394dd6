import { Container, Stack, Text, Title } from '@mantine/core'
import { getRouteApi } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { usePageTitle } from '../components/usePageTitle.ts'
import { BulkJobList } from './BulkJobList.tsx'
import { NewBulkRun } from './NewBulkRun.tsx'

const route = getRouteApi('/_authed/bulk')

/**
 * /bulk: a new run for the tool the generator sent the user here with (`?tool=`), then the user's
 * runs, newest first.
 */
export function BulkPage() {
  const { t } = useTranslation('generator')
  const { tool: toolId } = route.useSearch()
  usePageTitle(t('bulk.pageTitle'))
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{t('bulk.title')}</Title>
          <Text c="dimmed">{t('bulk.lead')}</Text>
        </Stack>
        {toolId ? <NewBulkRun key={toolId} toolId={toolId} /> : <Text>{t('bulk.create.pickTool')}</Text>}
        <BulkJobList />
      </Stack>
    </Container>
  )
}
