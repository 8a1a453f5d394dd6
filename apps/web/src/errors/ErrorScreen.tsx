import { Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { usePageTitle } from '../components/usePageTitle.ts'
import { describeError, errorStack } from './error-details.ts'

interface ErrorScreenProps {
  error: unknown
  reset?: () => void
  /** Whether to print the stack; only development builds do. */
  showStack?: boolean
}

/** The fallback for anything that breaks while rendering or loading a route (spec: Fallback). */
export function ErrorScreen({ error, reset, showStack = import.meta.env.DEV }: ErrorScreenProps) {
  const { t } = useTranslation()
  // The failed page's title would otherwise stay, naming a page that did not load.
  usePageTitle(t('common.errors.title'))
  const stack = showStack ? errorStack(error) : null
  return (
    <Container size="sm" py={64} component="section" aria-labelledby="error-title">
      <Stack gap="md">
        <Title order={1} id="error-title">
          {t('common.errors.title')}
        </Title>
        {/* The error colour (app/accessible-colors.css): 4.5:1 or more in both schemes, where red 7 was 3.8:1. */}
        <Text size="lg" c="var(--mantine-color-error)" role="alert">
          {describeError(error) ?? t('common.errors.unknown')}
        </Text>
        {stack && (
          // Plain <pre> rather than Mantine's Code: this screen is in the entry chunk, the stack in dev builds only.
          <Text
            component="pre"
            ff="monospace"
            size="xs"
            p="sm"
            bg="var(--mantine-color-default-hover)"
            aria-label={t('common.errors.stack')}
            style={{ whiteSpace: 'pre-wrap', maxHeight: 320, overflow: 'auto', borderRadius: 4 }}
          >
            {stack}
          </Text>
        )}
        <Group>
          {reset && <Button onClick={reset}>{t('common.tryAgain')}</Button>}
          {/* A plain link: the router itself may be what failed. */}
          <Button component="a" href="/" variant="default">
            {t('common.errors.goHome')}
          </Button>
        </Group>
      </Stack>
    </Container>
  )
}
