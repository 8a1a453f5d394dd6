import { Alert, Anchor, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { Trans, useTranslation } from 'react-i18next'

/**
 * What went wrong with a generation, in the server's words. Out of credits, it also offers the way
 * to more (/plan), since that is the one failure the user can fix right away.
 */
export function FailureNotice({ message, outOfCredits }: { message: string; outOfCredits: boolean }) {
  const { t } = useTranslation()
  if (!outOfCredits) {
    return (
      <Alert color="red" title={t('generator.failure.title')}>
        {message}
      </Alert>
    )
  }
  return (
    <Alert color="orange" title={t('generator.failure.outOfCreditsTitle')}>
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Text size="sm">
          <Trans
            i18nKey="generator.failure.upgrade"
            components={{ anchor: <Anchor component={Link} to="/plan" fw={600} /> }}
          />
        </Text>
      </Stack>
    </Alert>
  )
}
