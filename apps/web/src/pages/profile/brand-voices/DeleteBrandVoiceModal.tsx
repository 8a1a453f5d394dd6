import { Button, Group, Modal, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

interface DeleteBrandVoiceModalProps {
  /** The voice's name, or null when the modal is closed. */
  voiceName: string | null
  deleting: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Asks before a voice is deleted; Cancel has the focus, so Enter never deletes by accident. */
export function DeleteBrandVoiceModal({ voiceName, deleting, onConfirm, onCancel }: DeleteBrandVoiceModalProps) {
  const { t } = useTranslation('account')
  // The name stays in the text while the dialog fades out after closing.
  const [shownName, setShownName] = useState(voiceName)
  if (voiceName !== null && voiceName !== shownName) setShownName(voiceName)
  return (
    <Modal
      opened={voiceName !== null}
      onClose={onCancel}
      title={t('profile.deleteVoice.title')}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': t('profile.deleteVoice.close') }}
      // Mantine draws the title bar as <header>, which reads as a second page banner to assistive tech.
      attributes={{ header: { role: 'presentation' } }}
    >
      <Text size="sm">{t('profile.deleteVoice.explain', { name: shownName })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('profile.deleteVoice.cancel')}
        </Button>
        {/* red 9: white on it is 5.5:1 (red 6 is 3.8:1, under WCAG AA) */}
        <Button color="red.9" onClick={onConfirm} loading={deleting}>
          {t('profile.deleteVoice.confirm')}
        </Button>
      </Group>
    </Modal>
  )
}
