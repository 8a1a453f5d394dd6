import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'

import { formatCredits } from '../../payment/payment-format.ts'
import type { AdminUser } from '../admin-types.ts'
import { WholeNumberInput } from '../WholeNumberInput.tsx'
import { AdminNoteInput } from './AdminNoteInput.tsx'
import { addCreditsForm, DEFAULT_GRANT_DAYS, type NumberField } from './credit-forms.ts'
import { useGrantCredits } from './useCreditChanges.ts'

interface AddCreditsValues {
  credits: NumberField
  days: NumberField
  note: string
}

/** The spec's Add Credits form: credits and valid-for days, each checked and sent as typed. */
export function AddCreditsForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const grant = useGrantCredits(onClose)
  const form = useForm<AddCreditsValues>({
    initialValues: { credits: '', days: DEFAULT_GRANT_DAYS, note: '' },
    validate: schemaResolver(addCreditsForm, { sync: true }),
  })
  const submit = form.onSubmit((values) => grant.mutate({ userId: user._id, ...addCreditsForm.parse(values) }))

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          For <strong>{user.name}</strong> ({user.email}), who has {formatCredits(user.current_limit)} left.
        </Text>
        <WholeNumberInput
          label="Credits"
          description="Added to the balance now"
          data-autofocus
          {...form.getInputProps('credits')}
        />
        <WholeNumberInput
          label="Valid for (days)"
          description="What is unspent then expires"
          {...form.getInputProps('days')}
        />
        <AdminNoteInput {...form.getInputProps('note')} />
        {grant.isError && (
          <Alert color="red" title="The credits were not added" role="alert">
            {grant.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={grant.isPending}>
            Add credits
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
