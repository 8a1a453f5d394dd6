import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useEffect, useRef, useState } from 'react'

import { formatCredits } from '../../payment/payment-format.ts'
import type { AdminUser } from '../admin-types.ts'
import { WholeNumberInput } from '../WholeNumberInput.tsx'
import { AdminNoteInput } from './AdminNoteInput.tsx'
import { revokeCreditsForm, type NumberField, type RevokeCreditsForm } from './credit-forms.ts'
import { useRevokeCredits } from './useCreditChanges.ts'

/** Takes credits back in two steps: how many (and why), then a confirmation that says what will happen. */
export function RevokeCreditsSteps({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const revoke = useRevokeCredits(onClose)
  const [confirming, setConfirming] = useState<RevokeCreditsForm | null>(null)
  const form = useForm<{ credits: NumberField; note: string }>({
    initialValues: { credits: '', note: '' },
    validate: schemaResolver(revokeCreditsForm, { sync: true }),
  })
  const backButton = useRef<HTMLButtonElement>(null)
  const creditsField = useRef<HTMLInputElement>(null)
  const stepShown = useRef(false)

  // Each step replaces the other: focus moves to the new step (the modal focused the first on opening).
  useEffect(() => {
    if (!stepShown.current) {
      stepShown.current = true
      return
    }
    ;(confirming ? backButton : creditsField).current?.focus()
  }, [confirming])

  if (confirming) {
    // The balance may hold fewer than asked: the server then takes what there is, never below zero.
    const taken = Math.min(confirming.credits, user.current_limit)
    return (
      <Stack gap="md">
        <Text size="sm">
          Take back {formatCredits(taken)} from <strong>{user.name}</strong>? They will have{' '}
          {formatCredits(user.current_limit - taken)} left. This cannot be undone, but you can add credits again.
        </Text>
        {revoke.isError && (
          <Alert color="red" title="The credits were not taken back" role="alert">
            {revoke.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)} ref={backButton}>
            Back
          </Button>
          {/* red 9: white on it is 5.5:1 (red 6 is 3.8:1, under WCAG AA) */}
          <Button
            color="red.9"
            loading={revoke.isPending}
            onClick={() => revoke.mutate({ userId: user._id, ...confirming })}
          >
            Revoke {formatCredits(taken)}
          </Button>
        </Group>
      </Stack>
    )
  }

  return (
    <form onSubmit={form.onSubmit((values) => setConfirming(revokeCreditsForm.parse(values)))} noValidate>
      <Stack gap="md">
        <Text size="sm">
          <strong>{user.name}</strong> ({user.email}) has {formatCredits(user.current_limit)} left.
        </Text>
        <WholeNumberInput
          label="Credits to take back"
          data-autofocus
          ref={creditsField}
          {...form.getInputProps('credits')}
        />
        <AdminNoteInput {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Continue</Button>
        </Group>
      </Stack>
    </form>
  )
}
