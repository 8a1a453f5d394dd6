import { Button, Group, Loader, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/**
 * Says a background refresh failed while the earlier answer stays on screen, with Try again. While
 * the retry runs the button shows progress and ignores presses, but keeps focus (not disabled).
 */
export function RefreshFailedNote({
  message,
  retrying,
  retry,
}: {
  message: string
  retrying: boolean
  retry: () => void
}) {
  const { t } = useTranslation()
  return (
    <Group gap="xs" mb="sm" role="status" aria-busy={retrying || undefined} data-testid="refresh-failed">
      <Text size="sm" c="dimmed">
        {message}
      </Text>
      <Button
        variant="subtle"
        size="compact-sm"
        aria-disabled={retrying || undefined}
        leftSection={retrying ? <Loader size={12} aria-hidden="true" /> : undefined}
        onClick={retrying ? undefined : retry}
      >
        {retrying ? t('catalogue.retrying') : t('common.tryAgain')}
      </Button>
    </Group>
  )
}
