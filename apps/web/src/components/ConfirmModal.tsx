import { Button, Group, Modal, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface ConfirmModalProps {
  opened: boolean
  /** The question ("Delete this tool?"), which names the dialog. */
  title: string
  /** What happens if the user goes on. */
  children: ReactNode
  confirmLabel: string
  cancelLabel?: string
  /** The confirmed action is running: its button spins. */
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * Asks before something that cannot be undone (deleting, leaving unsaved changes). The safe choice
 * has the focus, so Enter never goes on by accident; closing the dialog is the safe choice too.
 */
export function ConfirmModal(props: ConfirmModalProps) {
  const { t } = useTranslation()
  const { opened, title, confirmLabel, cancelLabel = t('common.cancel'), busy = false, onConfirm, onCancel } = props
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered size="sm">
      <Text size="sm">{props.children}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  )
}
