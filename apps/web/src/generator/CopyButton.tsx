import { Button } from '@mantine/core'
import IconCopy from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs'
import { useTranslation } from 'react-i18next'

import { useCopyText } from './copy-text.ts'

/** 'Copy' for a generated result; `getText` is read at the moment of the click. */
export function CopyButton({
  getText,
  disabled = false,
  label,
}: {
  getText: () => string
  disabled?: boolean
  /** The button's words; 'Copy' in the page's language by default. */
  label?: string
}) {
  const { t } = useTranslation('generator')
  const copyText = useCopyText()
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconCopy size={14} aria-hidden />}
      disabled={disabled}
      onClick={() => void copyText(getText())}
    >
      {label ?? t('generator.copy.button')}
    </Button>
  )
}
