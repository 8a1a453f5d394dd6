import { Button, Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** A read that failed in a section of a page: what could not be loaded, announced, and Try again. */
export function LoadFailedNote({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <Group gap="sm" role="alert">
      <Text c="dimmed">{message}</Text>
      <Button variant="subtle" size="xs" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </Group>
  )
}
