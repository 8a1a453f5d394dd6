import { Alert, Anchor, Button, Stack } from '@mantine/core'
import { Link, useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { toast } from '../../components/toast.ts'
import { NewPasswordFields } from '../../identity/auth-fields.tsx'
import { useIdentity } from '../../identity/identity-context.ts'
import { confirmPasswordReset } from '../../identity/local-account-api.ts'
import { resetPasswordForm } from '../../identity/password-form-schemas.ts'
import { useAccountForm } from '../../identity/useAccountForm.ts'

/**
 * Sets a new password with the link's token. The server signs this browser in and ends every
 * other session; a refused password is shown next to its field, a used or expired link above the form.
 */
export function ResetPasswordForm({ token }: { token: string | undefined }) {
  // Until the session is known, refresh() cannot sign the page in yet: the button waits for it.
  const { refresh, status } = useIdentity()
  const navigate = useNavigate()
  const { t } = useTranslation()
  const noToken = t('identity.resetPassword.noToken')
  // A refused password shows at its field; anything else is about the link.
  const {
    form,
    submit,
    serverError: linkError,
  } = useAccountForm({
    schema: resetPasswordForm,
    initialValues: { password: '', confirm: '' },
    serverFields: ['password'],
    initialError: token ? null : noToken,
    send: async ({ password }) => {
      // Without a token the form is not shown.
      if (!token) return noToken
      await confirmPasswordReset({ token, password })
      await refresh()
      toast.success(t('identity.resetPassword.done'), 'password-reset')
      await navigate({ to: '/profile', replace: true })
    },
  })

  return (
    <Stack gap="md">
      {linkError && (
        <Alert color="red" variant="light" role="alert" title={t('identity.resetPassword.failed')}>
          {linkError}{' '}
          <Anchor component={Link} to="/forgot-password" underline="always" inherit>
            {t('identity.resetPassword.askNewLink')}
          </Anchor>
        </Alert>
      )}
      {token && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <NewPasswordFields
              password={{ fieldKey: form.key('password'), ...form.getInputProps('password') }}
              repeat={{ fieldKey: form.key('confirm'), ...form.getInputProps('confirm') }}
            />
            <Button type="submit" fullWidth loading={form.submitting || status === 'loading'}>
              {t('identity.resetPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  )
}
