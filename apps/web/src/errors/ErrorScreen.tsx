import { Button, Container, Group, Stack, Text, Title } from '@mantine/core'

import { describeError, errorStack } from './error-details.ts'

interface ErrorScreenProps {
  error: unknown
  reset?: () => void
  /** Whether to print the stack; only development builds do. */
  showStack?: boolean
}

/** The fallback for anything that breaks while rendering or loading a route (spec: Fallback). */
export function ErrorScreen({ error, reset, showStack = import.meta.env.DEV }: ErrorScreenProps) {
  const stack = showStack ? errorStack(error) : null
  return (
    <Container size="sm" py={64} component="section" aria-labelledby="error-title">
      <Stack gap="md">
        <Title order={1} id="error-title">
          Unexpected Application Error!
        </Title>
        <Text size="lg" c="red.7" role="alert">
          {describeError(error)}
        </Text>
        {stack && (
          // Plain <pre> rather than Mantine's Code: this screen is in the entry chunk, the stack in dev builds only.
          <Text
            component="pre"
            ff="monospace"
            size="xs"
            p="sm"
            bg="var(--mantine-color-default-hover)"
            aria-label="Error stack"
            style={{ whiteSpace: 'pre-wrap', maxHeight: 320, overflow: 'auto', borderRadius: 4 }}
          >
            {stack}
          </Text>
        )}
        <Group>
          {reset && <Button onClick={reset}>Try again</Button>}
          {/* A plain link: the router itself may be what failed. */}
          <Button component="a" href="/" variant="default">
            Go to the home page
          </Button>
        </Group>
      </Stack>
    </Container>
  )
}
