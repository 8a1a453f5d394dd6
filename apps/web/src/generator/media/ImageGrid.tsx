import { AspectRatio, Button, Paper, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import type { MediaItem } from '@promptly/api/media/media-item.schema'

import { imageAlt } from './image-alt.ts'

interface ImageGridProps {
  /** The images made; null while they are being made. */
  images: MediaItem[] | null
  /** How many placeholders to show until then. */
  placeholders: number
  prompt: string
}

// A plain <img>: Mantine's Image adds nothing needed here, and its chunk would be one more to fetch.
const IMAGE_STYLE = {
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  display: 'block',
  borderRadius: 'var(--mantine-radius-sm)',
} as const

/** Generated images in a responsive grid, each with a download saving image.jpg (spec section 2). */
export function ImageGrid({ images, placeholders, prompt }: ImageGridProps) {
  const { t } = useTranslation('generator')
  const cols = { base: 1, xs: 2, md: 3 }
  if (!images) {
    return (
      <SimpleGrid cols={cols} spacing="md" aria-busy="true" aria-label={t('generator.image.creating')}>
        {Array.from({ length: placeholders }, (_, index) => (
          <AspectRatio key={index} ratio={1}>
            <Skeleton radius="md" data-testid="image-placeholder" />
          </AspectRatio>
        ))}
      </SimpleGrid>
    )
  }
  return (
    <SimpleGrid cols={cols} spacing="md" data-testid="image-grid">
      {images.map((image, index) => (
        <Paper key={image.id} withBorder radius="md" p="xs">
          <Stack gap="xs">
            <AspectRatio ratio={1}>
              <img src={image.url} alt={imageAlt(prompt, index, images.length, t)} style={IMAGE_STYLE} />
            </AspectRatio>
            <Button component="a" href={image.url} download="image.jpg" variant="light" size="xs">
              {t('generator.image.download')}
              <VisuallyHidden>
                {' '}
                {images.length > 1
                  ? t('generator.image.downloadNth', { index: index + 1, total: images.length })
                  : t('generator.image.downloadOne')}
              </VisuallyHidden>
            </Button>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
