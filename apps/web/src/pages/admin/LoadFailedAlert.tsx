import { Alert, Button, Group, Text } from '@mantine/core'

interface LoadFailedAlertProps {
  /** What could not be loaded, as the alert's title ("The users could not be loaded"). */
  title: string
  /** The server's reason. */
  message: string
  onRetry: () => void
}

/** A failed read, announced at once (role="alert"), with the server's reason and a way to try again. */
export function LoadFailedAlert({ title, message, onRetry }: LoadFailedAlertProps) {
  return (
    <Alert color="red" title={title} role="alert">
      <Group gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  )
}
