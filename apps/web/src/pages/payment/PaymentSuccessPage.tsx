import { Button, Group, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'

import { StaticPage } from '../../components/StaticPage.tsx'

/** Where the payment provider returns after a completed checkout. */
export function PaymentSuccessPage() {
  return (
    <StaticPage title="Success">
      <Text>
        Thank you for your purchase. Your credits are added to your account as soon as the payment is confirmed.
      </Text>
      <Group>
        <Button component={Link} to="/profile">
          Go to my profile
        </Button>
        <Button component={Link} to="/" variant="default">
          Browse tools
        </Button>
      </Group>
    </StaticPage>
  )
}
