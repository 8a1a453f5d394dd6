import { Paper, Skeleton, Stack } from '@mantine/core'
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { useTranslation } from 'react-i18next'

import type { ToolKind } from '@promptly/core/catalogue/tool'

import type { MediaScreenProps } from './media-screen.ts'

export type DedicatedKind = Exclude<ToolKind, 'generic'>

/**
 * One screen per kind, each its own chunk: a visitor of the paraphraser never downloads the image
 * grid or the upload code, and none of it touches the home page's budget.
 */
const SCREENS: Record<DedicatedKind, LazyExoticComponent<ComponentType<MediaScreenProps>>> = {
  paraphrase: lazy(() => import('./ParaphraseScreen.tsx')),
  image: lazy(() => import('./ImageScreen.tsx')),
  text_to_audio: lazy(() => import('./TextToAudioScreen.tsx')),
  transcription: lazy(() => import('./TranscriptionScreen.tsx')),
}

/** The dedicated tool's screen, chosen by the tool's kind (never by its id). */
export function DedicatedToolScreen({ kind, ...props }: MediaScreenProps & { kind: DedicatedKind }) {
  const Screen = SCREENS[kind]
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      <Screen {...props} />
    </Suspense>
  )
}

function ScreenSkeleton() {
  const { t } = useTranslation()
  return (
    <Paper withBorder radius="lg" p="xl" role="status" aria-busy="true" aria-label={t('generator.media.loading')}>
      <Stack gap="md">
        <Skeleton height={120} />
        <Skeleton height={36} width={140} />
      </Stack>
    </Paper>
  )
}
