import { Button } from '@mantine/core'
import { CopyIcon } from './icons.tsx'
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
      leftSection={<CopyIcon size={14} />}
      disabled={disabled}
      onClick={() => void copyText(getText())}
    >
      {label}
    </Button>
  )
}
