import { Button, Group, Modal, Text } from '@mantine/core'

interface ConfirmDeleteModalProps {
  opened: boolean
  /** What is being deleted, for the question ('your X (Twitter) Bio Generator result'). */
  subject: string
  deleting: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Asks before a history entry is deleted; Cancel has the focus, so Enter never deletes by accident. */
export function ConfirmDeleteModal({ opened, subject, deleting, onConfirm, onCancel }: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Delete this generation?" centered size="sm">
      <Text size="sm">{subject} will be removed from your history. This cannot be undone.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={deleting}>
          Delete
        </Button>
      </Group>
    </Modal>
  )
}
