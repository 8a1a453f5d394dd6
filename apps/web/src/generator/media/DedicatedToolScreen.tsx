import { Paper, Skeleton, Stack } from '@mantine/core'
import { Suspense, use } from 'react'
import { useTranslation } from 'react-i18next'

import { loadDedicatedScreen, type DedicatedKind } from './dedicated-screens.ts'
import type { MediaScreenProps } from './media-screen.ts'

export type { DedicatedKind } from './dedicated-screens.ts'

/** The dedicated tool's screen, chosen by the tool's kind (never by its id). */
export function DedicatedToolScreen({ kind, ...props }: MediaScreenProps & { kind: DedicatedKind }) {
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      <ScreenOfKind kind={kind} {...props} />
    </Suspense>
  )
}

function ScreenOfKind({ kind, ...props }: MediaScreenProps & { kind: DedicatedKind }) {
  const { default: Screen } = use(loadDedicatedScreen(kind))
  return <Screen {...props} />
}

function ScreenSkeleton() {
  const { t } = useTranslation('generator')
  return (
    <Paper withBorder radius="lg" p="xl" role="status" aria-busy="true" aria-label={t('generator.media.loading')}>
      <Stack gap="md">
        <Skeleton height={120} />
        <Skeleton height={36} width={140} />
      </Stack>
    </Paper>
  )
}
