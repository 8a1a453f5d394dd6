import { Alert, Anchor, Button, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { MailSentAnswer } from '@promptly/core/identity/local-account-flows'

import { EmailField, FormError } from '../../identity/auth-fields.tsx'
import { requestPasswordReset } from '../../identity/local-account-api.ts'
import { forgotPasswordForm } from '../../identity/password-form-schemas.ts'
import { useAccountForm } from '../../identity/useAccountForm.ts'

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so
 * the page cannot be used to find out who has one.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation()
  const [sent, setSent] = useState<MailSentAnswer | null>(null)
  const { form, submit, serverError } = useAccountForm({
    schema: forgotPasswordForm,
    initialValues: { email: '' },
    send: async ({ email }) => setSent(await requestPasswordReset(email.trim())),
  })

  return (
    <Stack gap="md">
      {/* Always in the page, so screen readers announce the answer when it arrives. */}
      <div role="status">
        {sent && (
          <Alert color="teal" variant="light" title={t('identity.forgotPassword.sentTitle')}>
            {t('identity.forgotPassword.sent')}
          </Alert>
        )}
      </div>
      {!sent && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormError title={t('identity.forgotPassword.failed')} message={serverError} />
            <EmailField key={form.key('email')} {...form.getInputProps('email')} />
            <Button type="submit" fullWidth loading={form.submitting}>
              {t('identity.forgotPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm">
        <Anchor component={Link} to="/login" underline="always">
          {t('identity.forgotPassword.backToSignIn')}
        </Anchor>
      </Text>
    </Stack>
  )
}
