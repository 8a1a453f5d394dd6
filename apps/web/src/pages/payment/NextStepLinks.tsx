import { Button, Group } from '@mantine/core'
import { Link, type LinkProps } from '@tanstack/react-router'

interface NextStep {
  to: LinkProps['to']
  label: string
}

/** The way on after a checkout: the step most people take, then the other one beside it. */
export function NextStepLinks({ main, other }: { main: NextStep; other: NextStep }) {
  return (
    <Group>
      <Button component={Link} to={main.to}>
        {main.label}
      </Button>
      <Button component={Link} to={other.to} variant="default">
        {other.label}
      </Button>
    </Group>
  )
}
