import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { FormError, NewPasswordFields, PasswordField } from '../../../identity/auth-fields.tsx'
import { changePassword } from '../../../identity/local-account-api.ts'
import { changePasswordForm } from '../../../identity/password-form-schemas.ts'
import { useAccountForm } from '../../../identity/useAccountForm.ts'
import { refetchSessions } from './useSessions.ts'

/** Changes the password with the current one; the server ends every other session. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account')
  const queryClient = useQueryClient()
  const [done, setDone] = useState(false)
  const { form, submit, serverError } = useAccountForm({
    schema: changePasswordForm,
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    // A wrong current password, or a new one the server finds too weak, is shown at its field.
    serverFields: ['currentPassword', 'newPassword'],
    send: async ({ currentPassword, newPassword }) => {
      setDone(false)
      await changePassword({ currentPassword, newPassword })
      form.reset()
      setDone(true)
      await refetchSessions(queryClient)
    },
  })

  return (
    <form onSubmit={submit} noValidate aria-labelledby="change-password-heading">
      <Stack gap="sm" maw={420}>
        <Title order={3} size="h5" id="change-password-heading">
          {t('profile.password.heading')}
        </Title>
        <FormError title={t('profile.password.failed')} message={serverError} />
        <PasswordField
          label={t('profile.password.current')}
          autoComplete="current-password"
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordFields
          password={{ fieldKey: form.key('newPassword'), ...form.getInputProps('newPassword') }}
          repeat={{ fieldKey: form.key('confirm'), ...form.getInputProps('confirm') }}
        />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {t('profile.password.submit')}
          </Button>
        </Group>
        <Text size="sm" role="status">
          {done ? t('profile.password.changed') : ''}
        </Text>
      </Stack>
    </form>
  )
}
