import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useMemo } from 'react'
import { Trans } from 'react-i18next'

import { formatCredits } from '../admin-format.ts'
import type { AdminUser } from '../admin-types.ts'
import { useAdminText } from '../useAdminText.ts'
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
  const text = useAdminText()
  const { t } = text
  const rules = useMemo(() => addCreditsForm(text), [text])
  const grant = useGrantCredits(onClose)
  const form = useForm<AddCreditsValues>({
    initialValues: { credits: '', days: DEFAULT_GRANT_DAYS, note: '' },
    validate: schemaResolver(rules, { sync: true }),
  })
  const submit = form.onSubmit((values) => grant.mutate({ userId: user._id, ...rules.parse(values) }))

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="admin.credits.add.intro"
            values={{ name: user.name, email: user.email, credits: formatCredits(text, user.current_limit) }}
            components={{ strong: <strong /> }}
          />
        </Text>
        <WholeNumberInput
          label={t('admin.credits.add.credits')}
          description={t('admin.credits.add.creditsDescription')}
          data-autofocus
          {...form.getInputProps('credits')}
        />
        <WholeNumberInput
          label={t('admin.credits.add.days')}
          description={t('admin.credits.add.daysDescription')}
          {...form.getInputProps('days')}
        />
        <AdminNoteInput {...form.getInputProps('note')} />
        {grant.isError && (
          <Alert color="red" title={t('admin.credits.add.failed')} role="alert">
            {grant.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('admin.credits.add.cancel')}
          </Button>
          <Button type="submit" loading={grant.isPending}>
            {t('admin.credits.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
