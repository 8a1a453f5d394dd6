import { Badge, Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useId } from 'react'

import { formatDateTime } from '../admin-format.ts'
import type { PlanOffer } from '../admin-types.ts'
import { WholeNumberInput } from '../WholeNumberInput.tsx'
import { planChanges, planOfferForm, planOfferValues, type PlanOfferValues } from './plan-offer-form.ts'
import { useUpdatePlan } from './useUpdatePlan.ts'

/** One offer's terms: price in dollars, credits, validity (plans only) and whether it is on sale. */
export function PlanOfferForm({ offer }: { offer: PlanOffer }) {
  const headingId = useId()
  const update = useUpdatePlan()
  const form = useForm<PlanOfferValues>({
    initialValues: planOfferValues(offer),
    validate: schemaResolver(planOfferForm(offer.key), { sync: true }),
  })
  const submit = form.onSubmit((values) => {
    const changes = planChanges(offer, values)
    if (!changes) return
    update.mutate(changes, { onSuccess: (saved) => form.resetDirty(planOfferValues(saved)) })
  })

  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={headingId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h4" id={headingId}>
              {offer.name}
            </Title>
            {/* Filled in shade 9 or 7: white on them is 5:1 or more (a light teal badge is 4.3:1). */}
            <Badge variant="filled" color={offer.active ? 'teal.9' : 'gray.7'}>
              {offer.active ? 'On sale' : 'Off sale'}
            </Badge>
          </Group>
          <NumberInput
            label="Price (US dollars)"
            prefix="$"
            decimalScale={2}
            min={0}
            allowNegative={false}
            clampBehavior="none"
            thousandSeparator=","
            {...form.getInputProps('price')}
          />
          <WholeNumberInput label="Credits" {...form.getInputProps('credits')} />
          {offer.key === 'TOPUP' ? (
            <Text size="sm" c="dimmed">
              A top-up’s credits last as long as the buyer’s plan.
            </Text>
          ) : (
            <WholeNumberInput label="Valid for (days)" {...form.getInputProps('validityDays')} />
          )}
          <Switch label="On sale" {...form.getInputProps('active', { type: 'checkbox' })} />
          <Group justify="space-between" align="center">
            <Text size="xs" c="dimmed">
              Last changed {formatDateTime(offer.updatedAt)}
            </Text>
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}
