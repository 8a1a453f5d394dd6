import { Anchor, Button, Group, Stack, Tabs, TextInput } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { SignUpAnswer } from '@promptly/core/identity/local-account-flows'
import { localSignInInput, localSignUpInput } from '@promptly/core/identity/user'

import { EmailField, FormError, PasswordField, useNewPasswordHint } from '../../identity/auth-fields.tsx'
import { useIdentity } from '../../identity/identity-context.ts'
import { signInLocal, signUpLocal } from '../../identity/local-account-api.ts'
import { useAccountForm } from '../../identity/useAccountForm.ts'

type Mode = 'sign-in' | 'sign-up'
/** Told of a sign-up with the session's re-reading, which settles once the page knows whether it is signed in. */
type OnSignedUp = (sent: SignUpAnswer, sessionRead: Promise<unknown>) => void

/**
 * E-mail and password sign-in / sign-up against the server's local identity endpoints.
 * Field rules are the same zod schemas the server validates with; the server's own message
 * (wrong password, too many attempts) is shown as an alert, a refused password next to its field.
 * `onSignedUp` hears of a sign-up before the session is re-read, so the page can show the
 * "check your inbox" panel instead of moving on.
 */
export function LocalAuthForm({ onSignedUp }: { onSignedUp: OnSignedUp }) {
  const { t } = useTranslation()
  const [mode, setMode] = useState<Mode>('sign-in')
  return (
    <Tabs value={mode} onChange={(value) => setMode(value === 'sign-up' ? 'sign-up' : 'sign-in')} keepMounted={false}>
      <Tabs.List grow mb="lg">
        <Tabs.Tab value="sign-in">{t('identity.login.signInTab')}</Tabs.Tab>
        <Tabs.Tab value="sign-up">{t('identity.login.signUpTab')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="sign-in">
        <SignInForm />
      </Tabs.Panel>
      <Tabs.Panel value="sign-up">
        <SignUpForm onSignedUp={onSignedUp} />
      </Tabs.Panel>
    </Tabs>
  )
}

function SignInForm() {
  const { t } = useTranslation()
  const { refresh } = useIdentity()
  const { form, submit, serverError } = useAccountForm({
    schema: localSignInInput,
    initialValues: { email: '', password: '' },
    send: async (values) => {
      await signInLocal(values)
      // The login page moves on once the identity state says signed-in.
      const user = await refresh()
      if (!user) return t('identity.signIn.sessionUnread')
    },
  })

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError title={t('identity.signIn.failed')} message={serverError} />
        <EmailField key={form.key('email')} {...form.getInputProps('email')} />
        <PasswordField
          label={t('identity.fields.password')}
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/forgot-password" size="sm" underline="always">
            {t('identity.signIn.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={form.submitting}>
          {t('identity.signIn.submit')}
        </Button>
      </Stack>
    </form>
  )
}

function SignUpForm({ onSignedUp }: { onSignedUp: OnSignedUp }) {
  const { t } = useTranslation()
  const newPasswordHint = useNewPasswordHint()
  const { refresh } = useIdentity()
  const { form, submit, serverError } = useAccountForm({
    schema: localSignUpInput,
    initialValues: { name: '', email: '', password: '' },
    serverFields: ['name', 'email', 'password'],
    // A new address is signed in at once; a known one is not (its owner gets a mail instead).
    send: async (values) => onSignedUp(await signUpLocal(values), refresh()),
  })

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError title={t('identity.signUp.failed')} message={serverError} />
        <TextInput
          label={t('identity.fields.name')}
          autoComplete="name"
          required
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <EmailField key={form.key('email')} {...form.getInputProps('email')} />
        <PasswordField
          label={t('identity.fields.password')}
          description={newPasswordHint}
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={form.submitting}>
          {t('identity.signUp.submit')}
        </Button>
      </Stack>
    </form>
  )
}
