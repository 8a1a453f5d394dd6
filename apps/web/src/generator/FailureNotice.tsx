import { Alert, Anchor, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'

/**
 * What went wrong with a generation, in the server's words. Out of credits, it also offers the way
 * to more (/plan), since that is the one failure the user can fix right away.
 */
export function FailureNotice({ message, outOfCredits }: { message: string; outOfCredits: boolean }) {
  if (!outOfCredits) {
    return (
      <Alert color="red" title="The generation did not work">
        {message}
      </Alert>
    )
  }
  return (
    <Alert color="orange" title="You are out of credits">
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Text size="sm">
          Nothing was charged.{' '}
          <Anchor component={Link} to="/plan" fw={600}>
            Upgrade your plan
          </Anchor>{' '}
          to get more credits.
        </Text>
      </Stack>
    </Alert>
  )
}
