import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'

import type { MediaItem } from '@promptly/api/media/media-item.schema'

import { describeFailure } from '../useGeneration.ts'
import { ImageGrid } from './ImageGrid.tsx'
import { requestPanelState, type MediaRequestState } from './media-screen.ts'
import { MediaResultPanel } from './MediaResultPanel.tsx'

interface ImageResultPanelProps {
  /** The image request (TanStack Query's mutation result). */
  request: MediaRequestState<{ generationId: string; images: MediaItem[] }, unknown>
  /** What was asked, for the placeholders and the alt texts (the form may change meanwhile). */
  asked: { prompt: string; n: number }
}

/** The image generator's result: one placeholder per image asked for while it works, then the images. */
export function ImageResultPanel({ request, asked }: ImageResultPanelProps) {
  const { t } = useTranslation('generator')
  return (
    <MediaResultPanel
      title={t('generator.image.resultTitle')}
      {...requestPanelState(request, (error) => describeFailure(error, t), {
        busy: asked.n === 1 ? t('generator.image.busyOne') : t('generator.image.busyMany', { count: asked.n }),
        ready: request.data ? imagesReady(request.data.images.length, t) : '',
      })}
    >
      {(request.isPending || request.isSuccess) && (
        <ImageGrid images={request.data?.images ?? null} placeholders={asked.n} prompt={asked.prompt} />
      )}
    </MediaResultPanel>
  )
}

function imagesReady(count: number, t: TFunction<'generator'>): string {
  return count === 1 ? t('generator.image.readyOne') : t('generator.image.readyMany', { count })
}
