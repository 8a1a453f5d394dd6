import { Button, Group, Modal, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

interface RevokeApiKeyModalProps {
  /** The key's name, or null when the modal is closed. */
  keyName: string | null
  revoking: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Asks before a key is revoked; Cancel has the focus, so Enter never revokes by accident. */
export function RevokeApiKeyModal({ keyName, revoking, onConfirm, onCancel }: RevokeApiKeyModalProps) {
  const { t } = useTranslation('account')
  return (
    <Modal
      opened={keyName !== null}
      onClose={onCancel}
      title={t('profile.revokeKey.title')}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': t('profile.revokeKey.close') }}
      // Mantine draws the title bar as <header>, which reads as a second page banner to assistive tech.
      attributes={{ header: { role: 'presentation' } }}
    >
      <Text size="sm">{t('profile.revokeKey.explain', { name: keyName })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('profile.revokeKey.cancel')}
        </Button>
        {/* red 9: white on it is 5.5:1 (red 6 is 3.8:1, under WCAG AA) */}
        <Button color="red.9" onClick={onConfirm} loading={revoking}>
          {t('profile.revokeKey.confirm')}
        </Button>
      </Group>
    </Modal>
  )
}
