import { Alert, Anchor, Button, Stack } from '@mantine/core'
import { Link, useNavigate } from '@tanstack/react-router'

import { toast } from '../../components/toast.ts'
import { NewPasswordFields } from '../../identity/auth-fields.tsx'
import { useIdentity } from '../../identity/identity-context.ts'
import { confirmPasswordReset } from '../../identity/local-account-api.ts'
import { resetPasswordForm } from '../../identity/password-form-schemas.ts'
import { useAccountForm } from '../../identity/useAccountForm.ts'

export const PASSWORD_RESET_DONE = 'Your password was changed and you are signed in.'
const NO_TOKEN = 'This reset link is incomplete. Copy the whole link from the message, or ask for a new one.'

/**
 * Sets a new password with the link's token. The server signs this browser in and ends every
 * other session; a refused password is shown next to its field, a used or expired link above the form.
 */
export function ResetPasswordForm({ token }: { token: string | undefined }) {
  // Until the session is known, refresh() cannot sign the page in yet: the button waits for it.
  const { refresh, status } = useIdentity()
  const navigate = useNavigate()
  // A refused password shows at its field; anything else is about the link.
  const {
    form,
    submit,
    serverError: linkError,
  } = useAccountForm({
    schema: resetPasswordForm,
    initialValues: { password: '', confirm: '' },
    serverFields: ['password'],
    initialError: token ? null : NO_TOKEN,
    send: async ({ password }) => {
      // Without a token the form is not shown.
      if (!token) return NO_TOKEN
      await confirmPasswordReset({ token, password })
      await refresh()
      toast.success(PASSWORD_RESET_DONE, 'password-reset')
      await navigate({ to: '/profile', replace: true })
    },
  })

  return (
    <Stack gap="md">
      {linkError && (
        <Alert color="red" variant="light" role="alert" title="Could not change the password">
          {linkError}{' '}
          <Anchor component={Link} to="/forgot-password" underline="always" inherit>
            Ask for a new link
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
              Set the new password
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  )
}
