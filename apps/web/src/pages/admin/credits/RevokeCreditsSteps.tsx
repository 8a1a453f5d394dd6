import { Button, Group, Stack, Text } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Trans } from 'react-i18next'

import { formatCredits } from '../admin-format.ts'
import type { AdminUser } from '../admin-types.ts'
import { useAdminText } from '../useAdminText.ts'
import { WholeNumberInput } from '../WholeNumberInput.tsx'
import { AdminNoteInput } from './AdminNoteInput.tsx'
import { revokeCreditsForm, type NumberField, type RevokeCreditsForm } from './credit-forms.ts'
import { RevokeCreditsConfirm } from './RevokeCreditsConfirm.tsx'
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
    return (
      <RevokeCreditsConfirm
        user={user}
        request={confirming}
        revoke={revoke}
        backButtonRef={backButton}
        onBack={() => setConfirming(null)}
      />
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
