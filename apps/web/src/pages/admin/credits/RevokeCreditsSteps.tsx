import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Trans } from 'react-i18next'

import { formatCredits } from '../admin-format.ts'
import type { AdminUser } from '../admin-types.ts'
import { useAdminText } from '../useAdminText.ts'
import { WholeNumberInput } from '../WholeNumberInput.tsx'
import { AdminNoteInput } from './AdminNoteInput.tsx'
import { revokeCreditsForm, type NumberField, type RevokeCreditsForm } from './credit-forms.ts'
import { useRevokeCredits } from './useCreditChanges.ts'

/** Takes credits back in two steps: how many (and why), then a confirmation that says what will happen. */
export function RevokeCreditsSteps({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const text = useAdminText()
  const { t } = text
  const rules = useMemo(() => revokeCreditsForm(text), [text])
  const revoke = useRevokeCredits(onClose)
  const [confirming, setConfirming] = useState<RevokeCreditsForm | null>(null)
  const form = useForm<{ credits: NumberField; note: string }>({
    initialValues: { credits: '', note: '' },
    validate: schemaResolver(rules, { sync: true }),
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
          <Trans
            t={t}
            i18nKey="admin.credits.revoke.confirm"
            values={{
              taken: formatCredits(text, taken),
              name: user.name,
              left: formatCredits(text, user.current_limit - taken),
            }}
            components={{ strong: <strong /> }}
          />
        </Text>
        {revoke.isError && (
          <Alert color="red" title={t('admin.credits.revoke.failed')} role="alert">
            {revoke.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)} ref={backButton}>
            {t('admin.credits.revoke.back')}
          </Button>
          {/* red 9: white on it is 5.5:1 (red 6 is 3.8:1, under WCAG AA) */}
          <Button
            color="red.9"
            loading={revoke.isPending}
            onClick={() => revoke.mutate({ userId: user._id, ...confirming })}
          >
            {t('admin.credits.revoke.submit', { taken: formatCredits(text, taken) })}
          </Button>
        </Group>
      </Stack>
    )
  }

  return (
    <form onSubmit={form.onSubmit((values) => setConfirming(rules.parse(values)))} noValidate>
      <Stack gap="md">
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="admin.credits.revoke.intro"
            values={{ name: user.name, email: user.email, credits: formatCredits(text, user.current_limit) }}
            components={{ strong: <strong /> }}
          />
        </Text>
        <WholeNumberInput
          label={t('admin.credits.revoke.credits')}
          data-autofocus
          ref={creditsField}
          {...form.getInputProps('credits')}
        />
        <AdminNoteInput {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('admin.credits.revoke.cancel')}
          </Button>
          <Button type="submit">{t('admin.credits.revoke.continue')}</Button>
        </Group>
      </Stack>
    </form>
  )
}
