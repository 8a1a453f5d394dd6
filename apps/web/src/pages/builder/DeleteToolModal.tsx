import { Button, Group, Modal, Text } from '@mantine/core'

interface DeleteToolModalProps {
  opened: boolean
  toolName: string
  deleting: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Asks before a tool is deleted; Cancel has the focus, so Enter never deletes by accident. */
export function DeleteToolModal({ opened, toolName, deleting, onConfirm, onCancel }: DeleteToolModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Delete this tool?" centered size="sm">
      <Text size="sm">“{toolName}” will be removed for everyone, with its bookmarks. This cannot be undone.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={deleting}>
          Delete tool
        </Button>
      </Group>
    </Modal>
  )
}
