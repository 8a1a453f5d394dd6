import { Alert, Button, Container, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useRouter } from '@tanstack/react-router'

import { toast } from '../../components/toast.ts'
import { usePageTitle } from '../../components/usePageTitle.ts'
import { followUrl } from '../../navigation/follow-url.ts'
import { useTRPC } from '../../trpc/client.ts'
import { usePaymentFormat } from '../payment/usePaymentFormat.ts'
import { payLocalCheckout } from './pay-local-checkout.ts'

const route = getRouteApi('/_authed/checkout/$purchaseId')

/**
 * The checkout used when no payment provider is configured (development, offline): an order summary
 * with Pay and Cancel. It takes no money; Pay completes the order through the same webhook code a
 * real payment goes through.
 */
export function LocalCheckoutPage() {
  const { t, price, credits, offerName } = usePaymentFormat()
  usePageTitle(t('plan.checkout.title'))
  const { purchaseId } = route.useParams()
  const trpc = useTRPC()
  const router = useRouter()
  const order = useQuery(trpc.payments.status.queryOptions({ purchaseId }, { retry: false }))
  const pay = useMutation({
    mutationFn: () => payLocalCheckout(purchaseId),
    onSuccess: (url) => followUrl(router, url),
    onError: (error) => toast.error(error.message || t('plan.checkout.payFailed'), 'local-pay-failed'),
  })

  return (
    <Container size="xs" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('plan.checkout.title')}</Title>
        {order.isPending ? (
          <Skeleton height={180} radius="lg" aria-label={t('plan.checkout.loading')} role="status" />
        ) : order.isError ? (
          <Alert color="red" title={t('plan.checkout.notFound')} role="alert">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('plan.checkout.notFoundHelp')}</Text>
              <Button component={Link} to="/plan" size="xs" variant="light">
                {t('plan.checkout.backToPlans')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Title order={2} size="h4">
                {t('plan.checkout.summary')}
              </Title>
              <Table variant="vertical" layout="fixed" data-testid="order-summary">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th w={120}>{t('plan.checkout.plan')}</Table.Th>
                    <Table.Td>{offerName(order.data.purchase.name)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('plan.checkout.credits')}</Table.Th>
                    <Table.Td>{credits(order.data.purchase.credits)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('plan.checkout.total')}</Table.Th>
                    <Table.Td>{price(order.data.purchase.priceCents, order.data.purchase.currency)}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              {order.data.purchase.status === 'pending' ? (
                <>
                  <Text size="sm" c="dimmed">
                    {t('plan.checkout.testCheckout')}
                  </Text>
                  <Group justify="flex-end">
                    <Button component={Link} to="/cancel" variant="default" disabled={pay.isPending}>
                      {t('plan.checkout.cancel')}
                    </Button>
                    <Button onClick={() => pay.mutate()} loading={pay.isPending || pay.isSuccess}>
                      {t('plan.checkout.pay')}
                    </Button>
                  </Group>
                </>
              ) : (
                <Group justify="space-between">
                  <Text>{t(`plan.checkout.orderStatus.${order.data.purchase.status}`)}</Text>
                  <Button component={Link} to="/profile" variant="light">
                    {t('plan.checkout.goToProfile')}
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
