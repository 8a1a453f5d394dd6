import { Button, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { toast } from '../components/toast.ts'

interface PasteTextButtonProps {
  /** Receives the clipboard's text. */
  onPaste: (text: string) => void
  /** Toasted when the browser refuses (or lacks) clipboard reading; typing or Ctrl+V still work. */
  refusedMessage: string
}

/** 'Paste Text' under a text area for text to rework (the paraphrase tool, paraphrase fields). */
export function PasteTextButton({ onPaste, refusedMessage }: PasteTextButtonProps) {
  const { t } = useTranslation('generator')
  const paste = async () => {
    try {
      if (typeof navigator.clipboard?.readText !== 'function') throw new Error('No clipboard reading here')
      onPaste(await navigator.clipboard.readText())
    } catch {
      toast.error(refusedMessage, 'paste-failed')
    }
  }
  return (
    <Group>
      <Button variant="default" size="xs" onClick={() => void paste()}>
        {t('generator.paste.button')}
      </Button>
    </Group>
  )
}
