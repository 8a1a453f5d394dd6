import { Badge, Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useId, useMemo } from 'react'

import { formatDateTime } from '../admin-format.ts'
import type { PlanOffer } from '../admin-types.ts'
import { useAdminText } from '../useAdminText.ts'
import { WholeNumberInput } from '../WholeNumberInput.tsx'
import { planChanges, planOfferForm, planOfferValues, type PlanOfferValues } from './plan-offer-form.ts'
import { useUpdatePlan } from './useUpdatePlan.ts'

/** One offer's terms: price in dollars, credits, validity (plans only) and whether it is on sale. */
export function PlanOfferForm({ offer }: { offer: PlanOffer }) {
  const text = useAdminText()
  const { t } = text
  const headingId = useId()
  const update = useUpdatePlan()
  const rules = useMemo(() => planOfferForm(text, offer.key), [text, offer.key])
  const form = useForm<PlanOfferValues>({
    initialValues: planOfferValues(offer),
    validate: schemaResolver(rules, { sync: true }),
  })
  const submit = form.onSubmit((values) => {
    const changes = planChanges(text, offer, values)
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
              {offer.active ? t('admin.plans.onSale') : t('admin.plans.offSale')}
            </Badge>
          </Group>
          <NumberInput
            label={t('admin.plans.price')}
            prefix="$"
            decimalScale={2}
            min={0}
            allowNegative={false}
            clampBehavior="none"
            thousandSeparator=","
            {...form.getInputProps('price')}
          />
          <WholeNumberInput label={t('admin.plans.credits')} {...form.getInputProps('credits')} />
          {offer.key === 'TOPUP' ? (
            <Text size="sm" c="dimmed">
              {t('admin.plans.topUpValidity')}
            </Text>
          ) : (
            <WholeNumberInput label={t('admin.plans.validity')} {...form.getInputProps('validityDays')} />
          )}
          <Switch label={t('admin.plans.onSale')} {...form.getInputProps('active', { type: 'checkbox' })} />
          <Group justify="space-between" align="center">
            <Text size="xs" c="dimmed">
              {t('admin.plans.lastChanged', { when: formatDateTime(text, offer.updatedAt) })}
            </Text>
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              {t('admin.plans.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}
