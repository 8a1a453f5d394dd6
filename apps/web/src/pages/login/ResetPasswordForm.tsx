import { Alert, Anchor, Button, Stack } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { toast } from '../../components/toast.ts'
import { NewPasswordFields } from '../../identity/auth-fields.tsx'
import { useIdentity } from '../../identity/identity-context.ts'
import { confirmPasswordReset } from '../../identity/local-account-api.ts'
import { authErrorMessage, fieldErrorOf } from '../../identity/local-auth-request.ts'
import { resetPasswordForm, type ResetPasswordForm as Values } from '../../identity/password-form-schemas.ts'

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
  const [linkError, setLinkError] = useState<string | null>(token ? null : NO_TOKEN)
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm: '' },
    validate: schemaResolver(resetPasswordForm, { sync: true }),
  })

  const submit = form.onSubmit(async (values) => {
    if (!token) return
    setLinkError(null)
    try {
      await confirmPasswordReset({ token, password: resetPasswordForm.parse(values).password })
      await refresh()
      toast.success(PASSWORD_RESET_DONE, 'password-reset')
      await navigate({ to: '/profile', replace: true })
    } catch (error) {
      const fieldError = fieldErrorOf(error, ['password'] as const)
      if (fieldError) form.setFieldError(fieldError.field, fieldError.message)
      else setLinkError(authErrorMessage(error))
    }
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
