import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'

import { useTRPC } from '../../../trpc/client.ts'
import { LoadFailedAlert } from '../LoadFailedAlert.tsx'
import { useAdminText } from '../useAdminText.ts'
import { PlanOfferForm } from './PlanOfferForm.tsx'

/** Every offer, on sale or not, each with its own form. */
export function PlansTab() {
  const trpc = useTRPC()
  const { t } = useAdminText()
  const plans = useQuery(trpc.admin.plans.list.queryOptions())

  if (plans.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, md: 3 }} role="status" aria-label={t('admin.plans.loading')}>
        {[0, 1, 2].map((card) => (
          <Skeleton key={card} height={340} radius="md" />
        ))}
      </SimpleGrid>
    )
  }
  if (plans.isError) return <LoadFailedAlert title={t('admin.plans.loadFailed')} query={plans} />
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('admin.plans.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {plans.data.map((offer) => (
          <PlanOfferForm key={offer.key} offer={offer} />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
