import { Button } from '@mantine/core'
import IconCopy from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs'

import { copyText } from './copy-text.ts'

/** 'Copy' for a generated result; `getText` is read at the moment of the click. */
export function CopyButton({
  getText,
  disabled = false,
  label = 'Copy',
}: {
  getText: () => string
  disabled?: boolean
  label?: string
}) {
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconCopy size={14} aria-hidden />}
      disabled={disabled}
      onClick={() => void copyText(getText())}
    >
      {label}
    </Button>
  )
}
