import { Alert, Button, Container, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useRouter } from '@tanstack/react-router'

import { toast } from '../../components/toast.ts'
import { usePageTitle } from '../../components/usePageTitle.ts'
import { followUrl } from '../../navigation/follow-url.ts'
import { useTRPC } from '../../trpc/client.ts'
import { formatCredits, formatPrice, PURCHASE_STATUS_TEXT } from '../payment/payment-format.ts'
import { payLocalCheckout } from './pay-local-checkout.ts'

const route = getRouteApi('/_authed/checkout/$purchaseId')

/**
 * The checkout used when no payment provider is configured (development, offline): an order summary
 * with Pay and Cancel. It takes no money; Pay completes the order through the same webhook code a
 * real payment goes through.
 */
export function LocalCheckoutPage() {
  usePageTitle('Checkout')
  const { purchaseId } = route.useParams()
  const trpc = useTRPC()
  const router = useRouter()
  const order = useQuery(trpc.payments.status.queryOptions({ purchaseId }, { retry: false }))
  const pay = useMutation({
    mutationFn: () => payLocalCheckout(purchaseId),
    onSuccess: (url) => followUrl(router, url),
    onError: (error) => toast.error(error.message, 'local-pay-failed'),
  })

  return (
    <Container size="xs" py="xl">
      <Stack gap="lg">
        <Title order={1}>Checkout</Title>
        {order.isPending ? (
          <Skeleton height={180} radius="lg" aria-label="Loading your order" role="status" />
        ) : order.isError ? (
          <Alert color="red" title="This order cannot be found" role="alert">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">It may belong to another account, or the link is wrong.</Text>
              <Button component={Link} to="/plan" size="xs" variant="light">
                Back to plans
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Title order={2} size="h4">
                Order summary
              </Title>
              <Table variant="vertical" layout="fixed" data-testid="order-summary">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th w={120}>Plan</Table.Th>
                    <Table.Td>{order.data.purchase.name}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Credits</Table.Th>
                    <Table.Td>{formatCredits(order.data.purchase.credits)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Total</Table.Th>
                    <Table.Td>{formatPrice(order.data.purchase.priceCents, order.data.purchase.currency)}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              {order.data.purchase.status === 'pending' ? (
                <>
                  <Text size="sm" c="dimmed">
                    This server has no card payments set up: this test checkout charges nothing.
                  </Text>
                  <Group justify="flex-end">
                    <Button component={Link} to="/cancel" variant="default" disabled={pay.isPending}>
                      Cancel
                    </Button>
                    <Button onClick={() => pay.mutate()} loading={pay.isPending || pay.isSuccess}>
                      Pay
                    </Button>
                  </Group>
                </>
              ) : (
                <Group justify="space-between">
                  <Text>This order is {PURCHASE_STATUS_TEXT[order.data.purchase.status].toLowerCase()}.</Text>
                  <Button component={Link} to="/profile" variant="light">
                    Go to my profile
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  )
}
