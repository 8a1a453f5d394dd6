import { Button, Group, Modal, Text } from '@mantine/core'

interface UnsavedChangesModalProps {
  opened: boolean
  onStay: () => void
  onLeave: () => void
}

/** Asked before leaving the builder with unsaved changes; staying is the default. */
export function UnsavedChangesModal({ opened, onStay, onLeave }: UnsavedChangesModalProps) {
  return (
    <Modal opened={opened} onClose={onStay} title="Leave without saving?" centered size="sm">
      <Text size="sm">Your changes to this tool have not been saved and will be lost.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onStay} data-autofocus>
          Stay
        </Button>
        <Button color="red" onClick={onLeave}>
          Leave
        </Button>
      </Group>
    </Modal>
  )
}
