import { Anchor, Badge, Button, Group, SimpleGrid, Stack, VisuallyHidden } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import type { MediaItem } from '@promptly/api/media/media-item.schema'
import type { ToolKind } from '@promptly/core/catalogue/tool'

/**
 * The images and audio of a history entry. Types only from the API and core: this page stays free
 * of zod (see HistoryPage). Downloads keep the names the tools use: image.jpg, audio_file.mp3.
 */

export function KindBadge({ kind }: { kind: ToolKind }) {
  const { t } = useTranslation('generator')
  if (kind === 'generic') return null
  return (
    <Badge variant="light" color="gray" size="sm">
      {t(`history.kind.${kind}`)}
    </Badge>
  )
}

// Plain <img> elements: Mantine's Image would add a chunk to fetch for nothing this needs.
const THUMBNAIL_STYLE = { objectFit: 'cover', display: 'block', borderRadius: 'var(--mantine-radius-sm)' } as const
const FULL_STYLE = {
  width: '100%',
  height: 'auto',
  display: 'block',
  borderRadius: 'var(--mantine-radius-md)',
} as const

const isImage = (item: MediaItem) => item.contentType.startsWith('image/')
const isAudio = (item: MediaItem) => item.contentType.startsWith('audio/')

/** In a history row: small thumbnails (each downloads its image) and a compact player. */
export function MediaPreview({ media, context }: { media: MediaItem[]; context: string }) {
  const { t } = useTranslation('generator')
  const images = media.filter(isImage)
  const audio = media.find(isAudio)
  if (images.length === 0 && !audio) return null
  return (
    <Stack gap="xs" mt={4}>
      {images.length > 0 && (
        <Group gap="xs" data-testid="history-thumbnails">
          {images.map((image, index) => (
            <Anchor
              key={image.id}
              href={image.url}
              download="image.jpg"
              aria-label={t('history.media.downloadThumbnail', {
                number: index + 1,
                total: images.length,
                entry: context,
              })}
            >
              <img src={image.url} alt="" width={64} height={64} loading="lazy" style={THUMBNAIL_STYLE} />
            </Anchor>
          ))}
        </Group>
      )}
      {audio && (
        // preload="none": a long history must not fetch every recording just to be listed.
        <audio
          controls
          preload="none"
          src={audio.url}
          aria-label={t('history.media.audioPreview', { entry: context })}
          style={{ width: '100%', maxWidth: 360 }}
        />
      )}
    </Stack>
  )
}

/** In the dialog: the images at a useful size with a download each, or the player with 'Download Audio'. */
export function MediaDetail({ media }: { media: MediaItem[] }) {
  const { t } = useTranslation('generator')
  const images = media.filter(isImage)
  const audio = media.find(isAudio)
  return (
    <>
      {images.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="history-images">
          {images.map((image, index) => (
            <Stack key={image.id} gap={6}>
              <img
                src={image.url}
                alt={t('history.media.imageAlt', { number: index + 1, total: images.length })}
                style={FULL_STYLE}
              />
              <Button component="a" href={image.url} download="image.jpg" variant="light" size="xs">
                {t('history.media.download')}
                <VisuallyHidden>
                  {' '}
                  {t('history.media.whichImage', { number: index + 1, total: images.length })}
                </VisuallyHidden>
              </Button>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {audio && (
        <Stack gap="xs">
          <audio
            controls
            preload="metadata"
            src={audio.url}
            aria-label={t('history.media.generatedAudio')}
            style={{ width: '100%' }}
          />
          <Group>
            <Button component="a" href={audio.url} download="audio_file.mp3" variant="light" size="xs">
              {t('history.media.downloadAudio')}
            </Button>
          </Group>
        </Stack>
      )}
    </>
  )
}
