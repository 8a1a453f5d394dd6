import { Chip, Fieldset, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { IMAGE_STYLES, type ImageStyle } from '@promptly/core/generation/media-options'

import { isImageStyle } from './image-options.ts'

/** The image generator's style, one chip of a radio group per style. */
export function ImageStyleChips({ value, onChange }: { value: ImageStyle; onChange: (style: ImageStyle) => void }) {
  const { t } = useTranslation('generator')
  return (
    <Fieldset legend={t('generator.image.style')} variant="unstyled" p={0} m={0}>
      <Chip.Group
        value={value}
        onChange={(style) => {
          if (isImageStyle(style)) onChange(style)
        }}
      >
        <Group gap="xs" mt="xs">
          {IMAGE_STYLES.map((style) => (
            // One name: the chips are one radio group, so arrow keys move between them.
            <Chip key={style} value={style} name="image-style">
              {t(`generator.image.styles.${style}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Fieldset>
  )
}
