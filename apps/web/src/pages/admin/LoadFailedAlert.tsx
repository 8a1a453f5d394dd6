import { Alert, Button, Group, Text } from '@mantine/core'

import { useAdminText } from './useAdminText.ts'

interface LoadFailedAlertProps {
  /** What could not be loaded, as the alert's title ("The users could not be loaded"). */
  title: string
  /** The read that failed (a TanStack Query result): its reason is shown, Try again reads again. */
  query: { error: { message: string }; refetch: () => Promise<unknown> }
}

/** A failed read, announced at once (role="alert"), with the server's reason and a way to try again. */
export function LoadFailedAlert({ title, query }: LoadFailedAlertProps) {
  const { t } = useAdminText()
  return (
    <Alert color="red" title={title} role="alert">
      <Group gap="sm">
        <Text size="sm">{query.error.message}</Text>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          {t('admin.page.tryAgain')}
        </Button>
      </Group>
    </Alert>
  )
}
