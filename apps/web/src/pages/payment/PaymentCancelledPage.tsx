import { Button, Group, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'

import { StaticPage } from '../../components/StaticPage.tsx'

/** Where the payment provider returns when checkout is cancelled or fails. */
export function PaymentCancelledPage() {
  return (
    <StaticPage title="Failed">
      <Text>The payment was not completed and you have not been charged.</Text>
      <Group>
        <Button component={Link} to="/plan">
          Back to plans
        </Button>
        <Button component={Link} to="/contact" variant="default">
          Contact us
        </Button>
      </Group>
    </StaticPage>
  )
}
